import { lezer } from '@lezer/generator/rollup';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { pageErrorsPlugin } from './test/browsers/pageErrorsPlugin.ts';

// The Lezer grammar (src/editor/robots.grammar) is compiled by the lezer
// plugin as part of every build, dev server and test run.
//
// index.html carries the strict policy the built page runs under. The dev
// server alone needs inline script (React's refresh preamble) and inline
// style (hot-swapped CSS), so only what it serves is relaxed.
const devServerPolicy: Plugin = {
  name: 'robots-lab-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/(script|style)-src 'self'/g, "$1-src 'self' 'unsafe-inline'"),
};

export default defineConfig(({ mode }) => {
  return {
    base: './',
    plugins: [lezer(), react(), devServerPolicy, ...(mode === 'e2e' ? [pageErrorsPlugin] : [])],
    worker: { format: 'es', plugins: () => [lezer()] },
    // Pre-bundle @lezer/lr up front: found late, it made the first dev visit reload once.
    optimizeDeps: { include: ['@lezer/lr'] },
    // No source maps in dist/: they were 3.6 MB of the 4.4 MB a static host serves.
    build: { target: 'es2022', sourcemap: false, outDir: mode === 'e2e' ? 'dist-e2e' : 'dist' },
    test: {
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
    },
  };
});
