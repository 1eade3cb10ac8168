// Takes phone and desktop screenshots of a running server's pages, to look at what we build.
// Usage: tsx scripts/screenshots.ts http://localhost:3000 /browse /auth ...  (PNG files go to ./screenshots)
// Signed-in pages: SHOTS_EMAIL=demo@armamarket.ro SHOTS_PASSWORD=... tsx scripts/screenshots.ts URL /dashboard
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const outDir = path.resolve(process.env.SHOTS_DIR ?? 'screenshots');
mkdirSync(outDir, { recursive: true });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const [name, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport, locale: process.env.SHOTS_LOCALE ?? 'ro-RO' });
  if (process.env.SHOTS_EMAIL) {
    const res = await page.request.post(new URL('/api/auth/sign-in/email', base).toString(), {
      headers: { origin: new URL(base).origin },
      data: { email: process.env.SHOTS_EMAIL, password: process.env.SHOTS_PASSWORD },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  }
  for (const pathname of paths.length ? paths : ['/']) {
    await page.goto(new URL(pathname, base).toString(), { waitUntil: 'networkidle' });
    const file = path.join(outDir, `${name}${pathname.replace(/[^\w]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: process.env.SHOTS_FULL !== '0' });
    console.log(file);
  }
  await page.close();
}
await browser.close();
