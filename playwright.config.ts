import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two browsers at a time, CI or not (Playwright's default here would be one: half the cores).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A slow, shared machine: on the 2-core machine of 26 Nov the deactivation spec took 29.9 s on
  // desktop and ran out of 30 s on the phone, with every step passing, and a favorite's answer took
  // longer than 7 s once while another worker loaded the server.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ro-RO',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], browserName: 'chromium' } },
  ],
  webServer: {
    command: 'rm -rf .e2e-data && tsx server/main.ts',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // The first start seeds the demo data (photos, accounts, TOTP): allow a slow, shared machine.
    timeout: 300_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // The lifecycle spec waits for a maintenance pass (expiry and its renewal mail): every minute here.
      MAINTENANCE_CRON: '* * * * *',
      // The saved-searches spec sees a second alert without waiting out the 15 minutes between them.
      ALERT_INTERVAL_SECONDS: '0',
    },
  },
});
