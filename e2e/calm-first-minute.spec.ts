import { expect, test } from '@playwright/test';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

// A first visit: the header offers New, Open, Share and a menu, says what the page does and that
// nothing leaves the browser, and every message says what happened in plain words. A file that
// is not text is named as such whichever way it is opened.

/** The start of a PNG file: a signature, then a header chunk full of NUL bytes. */
const PNG = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6,
  0, 0, 0, 0x5c, 0x72, 0xa8, 0x66, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

test('the header keeps New, Open, Share and a menu, and the promise is readable at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  const header = page.locator('.app-header');
  await expect(header.getByRole('button', { name: 'New', exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open…' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Copy share link' })).toBeVisible();
  await expect(header.getByTestId('header-menu').locator('summary')).toHaveText('Menu');
  // Everything else waits in the menu.
  for (const name of ['Load the example', 'Export state', 'Import state', 'Forget stored data…'])
    await expect(header.getByRole('button', { name })).toBeHidden();
  await expect(page.getByTestId('theme-toggle')).toBeHidden();
  // The tagline, with the privacy promise, is whole on one line.
  const tagline = page.locator('.tagline');
  await expect(tagline).toContainText('nothing you paste leaves it');
  expect(await tagline.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The header is one line high.
  expect((await header.boundingBox())?.height ?? 0).toBeLessThan(50);

  await lab.openMenu();
  await expect(header.getByRole('button', { name: 'Load the example' })).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await shootAtEverySize(page, 'calm', 'menu');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('header-menu')).not.toHaveAttribute('open', '');

  // Expert options are where they belong: the CSV's under the export, the normalisation filter only
  // when a URL was changed by normalisation (the example's café is).
  await expect(page.getByTestId('export-bom')).toBeHidden();
  await expect(page.getByTestId('filter-normalised')).toBeVisible();
  await lab.inputs.setUrls(['https://shop.example.com/plain']);
  await lab.results.expectFinished(1, 3);
  await expect(page.getByTestId('filter-normalised')).toHaveCount(0);
});

test('notes are not counted as warnings', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Crawl-delay and Content-Signal are keys Google ignores: notes, not problems (docs/lint-codes.md).
  await lab.editor.replaceText('User-agent: *\nCrawl-delay: 5\nContent-Signal: ai-train=no\nDisallow: /x\n');
  await expect(page.getByTestId('diagnostic-count')).toHaveText('0 errors, 0 warnings');
  await expect(page.getByTestId('diagnostic-count')).toHaveAttribute('title', /and 2 notes/);
});

test('a file that is not text is named as such, dropped on the editor or opened from the header', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.dropFile('photo.png', PNG);
  const note = page.getByTestId('not-text-note');
  await expect(note).toHaveText(
    'photo.png is not a text file: it holds NUL bytes, which text files do not. It was opened as Google would read it, but a robots.txt is text: check that this is the file you meant.',
  );

  // Open…: the same file through the header's button and the file chooser.
  await lab.editor.replaceText('User-agent: *\nDisallow: /\n');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.app-header').getByRole('button', { name: 'Open…' }).click();
  await (await chooser).setFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
  await expect(note).toContainText('scan.png is not a text file: it holds NUL bytes');
  // A real robots.txt opened after it: no such note.
  await lab.editor.dropFile('robots.txt', [...Buffer.from('User-agent: *\nDisallow: /private/\n')]);
  await expect(page.getByTestId('robots-file-note')).toContainText('Opened robots.txt');
  await expect(note).toHaveCount(0);
  await shootAtEverySize(page, 'calm', 'opened');
});
