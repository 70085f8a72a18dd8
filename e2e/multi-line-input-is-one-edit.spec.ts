import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * Text of many lines arriving as one input event (a text expander,
 * dictation; Playwright's insertText sends one `insertText` input event)
 * goes in whole, as one edit that one undo takes back.
 */
const RULES = Array.from({ length: 2000 }, (_, i) => `Disallow: /typed-${i}`);
const URLS = Array.from({ length: 5000 }, (_, i) => `https://shop.example.com/p/${i}`);

test('2,000 lines in one input event into the robots.txt editor: all kept, one undo step', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Past CodeMirror's 500 ms for joining adjacent edits into one undo step.
  await page.waitForTimeout(600);
  await page.keyboard.insertText(`User-agent: *\n${RULES.join('\n')}\n`);
  await expect(page.getByTestId('file-stats')).toContainText('2,002 lines');
  // One undo step takes the whole block back, and redo puts it in again.
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(page.getByTestId('file-stats')).toContainText('1 line');
  await page.keyboard.press('ControlOrMeta+Shift+Z');
  await expect(page.getByTestId('file-stats')).toContainText('2,002 lines');
});

test('5,000 URLs in one input event into the URL list: all judged', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.show();
  await lab.inputs.setUrls(URLS);
  await expect(lab.results.status).toContainText('5,000 URLs', { timeout: 30_000 });
  // The view is scrolled to the cursor, after the last URL.
  expect((await lab.inputs.urlText()).split('\n').at(-1)).toBe(URLS[4999]);
});
