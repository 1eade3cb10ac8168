import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_OUTPUT_DIR, E2E_PORT as PORT } from './e2e/support/paths';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: E2E_OUTPUT_DIR,
  fullyParallel: true,
  // Four browsers at a time, CI or not. On the 2-core machine the suite took 30 minutes with two and
  // 18 with four (27 Nov): a test waits on the server, on mail and on timers about as long as its
  // browser computes.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A slow, shared machine: on the 2-core machine of 26 Nov the deactivation spec took 29.9 s on
  // desktop and ran out of 30 s on the phone, with every step passing, and a favorite's answer took
  // longer than 7 s once while another worker loaded the server. With four browsers on two cores
  // (27 Nov) the two-person message spec, every step passing, ran out of 60 s: 90. On 28 Nov's machine,
  // about twice as slow (load average 20-24 under four browsers), 11 flows ran out of their limits with
  // every step passing, and passed alone: limits doubled, the tests' own ones too.
  timeout: 180_000,
  expect: { timeout: 30_000 },
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
    command: `rm -rf '${E2E_DATA_DIR}' && tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // The first start seeds the demo data (photos, accounts, TOTP): allow a slow, shared machine.
    timeout: 300_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // The lifecycle spec waits for a maintenance pass (expiry and its renewal mail): every minute here.
      MAINTENANCE_CRON: '* * * * *',
      // The saved-searches spec sees a second alert without waiting out the 15 minutes between them.
      ALERT_INTERVAL_SECONDS: '0',
      // Four browsers keep both cores busy: a niced password hash (server/auth/hash-workers.ts) would
      // wait behind them, and every registration and sign-in with it.
      PASSWORD_HASH_NICE: '0',
    },
  },
});
