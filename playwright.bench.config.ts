import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.PORT ?? 4173);

/**
 * The browser benchmark (`npm run bench:browser`): not part of `npm test`.
 * It measures the production build (`vite build`, in dist/) that users get,
 * not the e2e suite's test build in dist-e2e/.
 */
export default defineConfig({
  ...base,
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  testDir: 'bench/browser',
  // TRACE=1 (or light) runs the tracing tool (import-trace.trace.ts) instead of the benchmarks.
  testMatch: process.env.TRACE ? /.*\.trace\.ts/ : /.*\.bench\.ts/,
  workers: 1,
  timeout: 300_000,
  expect: { timeout: 120_000 },
});
