import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const source = new URL('./page-errors.js', import.meta.url);

/**
 * Test builds only: serves test/browsers/page-errors.js as `page-errors.js`
 * and loads it first in index.html, so the cross-browser suite sees errors
 * in engines whose driver has no console stream.
 */
export const pageErrorsPlugin: Plugin = {
  name: 'robots-lab-page-errors',
  transformIndexHtml: () => [{ tag: 'script', attrs: { src: './page-errors.js' }, injectTo: 'head-prepend' }],
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'page-errors.js', source: readFileSync(source, 'utf8') });
  },
};
