import type { Page } from '@playwright/test';

/**
 * Readies a paste of `text` into the robots.txt editor, as `paste` in
 * e2e/fixtures/hostile.ts does it, but hands the text to the page first, in
 * 1 MB pieces, and builds the clipboard data in tasks of their own: a real
 * paste's text comes from the browser, not from a 10 MB test message the
 * renderer decodes in the paste's task (that alone was a task of ~0.5 s).
 * Returns what fires the paste event, so that a measurement can start just
 * before it.
 */
export async function stagePaste(page: Page, text: string): Promise<() => Promise<void>> {
  const target = page.getByRole('textbox', { name: 'robots.txt', exact: true });
  await target.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(() => {
    (window as unknown as { __stage: string[] }).__stage = [];
  });
  for (let at = 0; at < text.length; at += 1_000_000)
    await page.evaluate(
      (piece) => {
        (window as unknown as { __stage: string[] }).__stage.push(piece);
      },
      text.slice(at, at + 1_000_000),
    );
  await page.evaluate(() => {
    const w = window as unknown as { __stage: string[]; __clip: DataTransfer };
    w.__clip = new DataTransfer();
    w.__clip.setData('text/plain', w.__stage.join(''));
    w.__stage = [];
  });
  await page.waitForTimeout(500);
  return () =>
    target.evaluate((el) => {
      const clipboardData = (window as unknown as { __clip: DataTransfer }).__clip;
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    });
}
