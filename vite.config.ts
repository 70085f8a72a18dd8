import { lezer } from '@lezer/generator/rollup';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Lezer grammar (src/editor/robots.grammar) is compiled by the lezer
// plugin as part of every build, dev server and test run.
export default defineConfig({
  base: './',
  plugins: [lezer(), react()],
  worker: { format: 'es', plugins: () => [lezer()] },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
