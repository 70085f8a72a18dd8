/**
 * Steps the hostile bench and its trace tool share: a staged paste, the
 * million-line list, and a reload waited for without Playwright's retries.
 */
import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';

/** The status once the million-line list is judged for the default crawlers. */
export const MILLION_DONE = '1,000,000 URLs × 3 crawlers evaluated';

/** Writes a list of 1,000,000 URLs into the test's output folder; returns its path. */
export function writeMillionLineList(testInfo: TestInfo): string {
  const file = testInfo.outputPath('million.txt');
  writeFileSync(file, `${Array.from({ length: 1_000_000 }, (_, i) => `https://shop.example.com/p/${i}`).join('\n')}\n`);
  return file;
}

/**
 * Reloads the page and waits until the run status says `want`, by a cheap
 * check: while the status line is not there yet, expect(...).toContainText
 * takes an aria snapshot of the whole page on the page's thread at every try
 * (Playwright 1.65), which showed up as long tasks of 100-200 ms that were
 * the bench's, not the page's.
 */
export async function reloadUntil(page: Page, want: string): Promise<void> {
  await page.reload();
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="run-status"]')?.textContent?.includes(text) === true,
    want,
    { polling: 250, timeout: 180_000 },
  );
}

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
