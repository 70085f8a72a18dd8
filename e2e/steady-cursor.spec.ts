import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * The robots.txt editor's cursor is drawn and does not blink (src/editor/caret.ts):
 * CodeMirror restarts the blink animation at every keystroke, and in Chromium each
 * restart made the next one slower, so a long stretch of typing slowed the editor.
 */
test('typing in the robots.txt editor shows a steady cursor, with no animation running', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nDisallow: /x');
  const cursor = await lab.editor.content.evaluate((el) => {
    const layer = el.closest('.cm-editor')?.querySelector('.cm-cursorLayer');
    return {
      drawn: layer?.querySelectorAll('.cm-cursor-primary').length ?? 0,
      animations: layer?.getAnimations().length ?? -1,
    };
  });
  expect(cursor).toEqual({ drawn: 1, animations: 0 });
});
