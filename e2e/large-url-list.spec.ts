import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

const ROWS = 250_000;

test('a quarter of a million URLs loaded from a file are paged and reachable by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath('urls.txt');
  const urls = Array.from({ length: ROWS }, (_, i) =>
    i % 2 ? `/checkout/${i}` : `https://shop.example.com/blog/${i}`,
  );
  writeFileSync(file, urls.join('\n'));

  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId('url-file').setInputFiles(file);
  // Progress while it runs is proven with a million rows (bulk-runs.spec.ts): this list now takes well under a second.
  await lab.results.expectFinished(ROWS, 3);
  await expect(lab.results.cell(0, 2)).toContainText('Allowed'); // GPTBot: Allow: /blog/
  await expect(page.getByTestId('page-range')).toHaveText('Rows 1–10,000 of 250,000');
  // A list this long is shown as a card: its name and size, with Replace, Clear and Edit.
  const card = page.getByTestId('list-card');
  await expect(card).toContainText('urls.txt · 250,000 URLs');
  await expect(page.getByTestId('url-list')).not.toContainText(urls[0]);
  // Asked to, the editor takes every line, and the list can be edited.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(card).toHaveCount(0);
  const urlEditor = page.getByTestId('url-list');
  await urlEditor.click();
  await page.keyboard.press('Control+End');
  await expect(urlEditor).toContainText(urls[ROWS - 1]);
  await expect(page.locator('.url-editor .cm-gutterElement', { hasText: String(ROWS) })).toBeVisible();

  // The keyboard reaches the last row, on the last page.
  await lab.results.select(0, 0);
  await page.keyboard.press('Control+End');
  await expect(page.getByTestId('page-range')).toHaveText('Rows 240,001–250,000 of 250,000');
  await expect(lab.results.cell(ROWS - 1, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.cell(ROWS - 1, 2)).toContainText('Blocked');
  await expect(lab.results.explain).toContainText(`/checkout/${ROWS - 1}`);
});
