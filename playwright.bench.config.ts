import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The browser benchmark (`npm run bench:browser`): not part of `npm test`. */
export default defineConfig({
  ...base,
  testDir: 'bench/browser',
  // TRACE=1 (or light) runs the tracing tool (import-trace.trace.ts) instead of the benchmarks.
  testMatch: process.env.TRACE ? /.*\.trace\.ts/ : /.*\.bench\.ts/,
  workers: 1,
  timeout: 300_000,
  expect: { timeout: 120_000 },
});
