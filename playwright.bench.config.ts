import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.PORT ?? 4173);

/**
 * The browser benchmark (`npm run bench:browser`): not part of `npm test`.
 * It measures the production build (`vite build`, in dist/) that users get,
 * not the e2e suite's test build in dist-e2e/, and ends with one table
 * (bench/browser/table.ts).
 *
 * By default it runs the page on realistic inputs (realistic.bench.ts);
 * BENCH=logs runs the Logs tab's bench (logs.bench.ts: gigabyte logs, long),
 * BENCH=all both; TRACE=1 (or light) the tracing tool (import-trace.trace.ts).
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
  testMatch: process.env.TRACE
    ? /.*\.trace\.ts/
    : process.env.BENCH === 'all'
      ? /.*\.bench\.ts/
      : process.env.BENCH === 'logs'
        ? /logs\.bench\.ts/
        : /realistic\.bench\.ts/,
  reporter: [['list'], ['./bench/browser/table.ts']],
  workers: 1,
  timeout: 300_000,
  expect: { timeout: 120_000 },
});
