import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium where it is installed (this project's machines and CI);
// elsewhere Playwright's own Chromium (after `npx playwright install chromium`).
const systemChromium = '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }
  : {};

// PORT lets two checkouts run their e2e suites side by side. The suite serves
// the test build (`vite build --mode e2e`, in dist-e2e/): it alone carries
// the page-error probe (test/browsers/pageErrorsPlugin.ts).
const port = Number(process.env.PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    launchOptions,
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: `npx vite preview --mode e2e --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
