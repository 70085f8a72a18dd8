import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// The editor colours the lines in view (src/editor/viewportHighlight.ts):
// keys, paths and comments each in their own colour, also at the end of a
// file typed a line per input event (a tree grown by many small edits).

test('keys, paths and comments have their own colours after lines typed one event each', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('User-agent: *\n');
  for (let i = 0; i < 300; i++) await page.keyboard.insertText(`Disallow: /typed-${i} # note ${i}\n`);
  await expect(lab.editor.stats).toContainText('302 lines');
  const last = lab.editor.content.locator('.cm-line', { hasText: 'Disallow: /typed-299 ' });
  await expect(last).toBeInViewport();
  const plain = await last.evaluate((el) => getComputedStyle(el).color);
  const key = await lab.editor.colourOf(last, 'Disallow');
  const path = await lab.editor.colourOf(last, '/typed-299');
  const comment = await lab.editor.colourOf(last, '# note');
  expect(new Set([plain, key, path, comment]).size).toBe(4);
  // The first line, scrolled back into view, is coloured too.
  await page.keyboard.press('ControlOrMeta+Home');
  const first = lab.editor.content.locator('.cm-line', { hasText: 'User-agent: *' });
  await expect(first).toBeInViewport();
  expect(await lab.editor.isColoured(first, 'User-agent')).toBe(true);
});
