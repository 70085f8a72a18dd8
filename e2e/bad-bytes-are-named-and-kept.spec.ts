import { expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * A robots.txt dropped on the editor or picked is read as bytes, as Google
 * reads it: a byte that is not UTF-8 is named with its place, and the bytes
 * are kept in the browser, so a reload does not quietly turn the verdicts
 * into those of the decoded text. Expected verdicts are written by hand from
 * docs/behaviour.md §13: `Disallow: /\xFF` (a lone byte 0xFF) is the pattern
 * /%FF, so it blocks /%FF; decoded, the byte is U+FFFD, whose pattern
 * /%EF%BF%BD blocks /%EF%BF%BD instead.
 */
const FILE = [...Buffer.from('User-agent: *\nDisallow: /'), 0xff, ...Buffer.from('\nAllow: /\n')];
const URLS = ['https://example.com/%FF', 'https://example.com/%EF%BF%BD'];

/** The bytes the page keeps in IndexedDB for the opened file, or null when none are kept. */
async function keptBytes(page: Page): Promise<number[] | null> {
  const kept = (await new LabPage(page).storedValue('robots-lab:robotsFile')) as { bytes?: number[] } | undefined;
  return kept?.bytes ?? null;
}

/** Googlebot alone, every URL judged (no robots.txt URL), and the two URLs above. */
async function setUp(lab: LabPage): Promise<void> {
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.inputs.setUrls(URLS);
  await lab.page.getByTestId('robots-url').fill('');
}

/** Reloads as a user would (the page writes what it keeps as it goes away), and waits for the verdicts. */
async function reload(lab: LabPage): Promise<void> {
  await lab.page.reload();
  await expect(lab.results.status).toContainText('evaluated');
  await lab.inputs.show();
}

test('a dropped file with an invalid byte blocks /%FF as Google does, and says where the byte is', async ({ page }) => {
  const lab = new LabPage(page);
  await setUp(lab);
  await lab.editor.dropFile('robots.txt', FILE);

  await expect(page.getByTestId('robots-file-note')).toContainText(
    'Opened robots.txt: verdicts come from its bytes, as Google reads them, until you edit it. 1 line holds bytes that are not UTF-8',
  );
  // The editor shows the decoded text (U+FFFD for the byte), not the file inserted at the drop point.
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /\uFFFD\nAllow: /\n');
  await lab.results.expectFinished(2, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 3 });

  // The warning names the place of the byte.
  await page.getByTestId('diagnostic-count').click();
  const item = page.getByTestId('diagnostic').filter({ hasText: 'Invalid UTF-8' });
  await expect(item).toHaveAttribute('data-line', '2');
  await expect(item).toContainText('line 2, column 12');

  // An edit: the text counts now, and U+FFFD is /%EF%BF%BD.
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('# edited\n');
  await expect(page.getByTestId('robots-file-note')).toContainText('it has been edited since');
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 3 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Blocked', line: 2 });
});

test('a file picked with "Open a file…" is opened the same way', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await page
    .getByTestId('robots-file')
    .setInputFiles({ name: 'clean.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\nDisallow: /x\n') });
  await expect(page.getByTestId('robots-file-note')).toHaveText(
    'Opened clean.txt: verdicts come from its bytes, as Google reads them, until you edit it.',
  );
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /x\n');
});

test('a dropped file with an invalid byte still blocks /%FF after a reload: its bytes are kept', async ({ page }) => {
  const lab = new LabPage(page);
  await setUp(lab);
  await lab.editor.dropFile('robots.txt', FILE);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  // The file is kept as it came, byte for byte.
  await expect.poll(() => keptBytes(page)).toEqual(FILE);

  await reload(lab);
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /\uFFFD\nAllow: /\n');
  // The page says where the verdicts come from, and they are the bytes' (§13).
  await expect(page.getByTestId('robots-file-note')).toContainText(
    'Opened robots.txt (kept from before the reload): verdicts come from its bytes, as Google reads them, until you edit it. 1 line holds bytes that are not UTF-8',
  );
  await lab.results.expectFinished(2, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 3 });
  await page.getByTestId('diagnostic-count').click();
  await expect(page.getByTestId('diagnostic').filter({ hasText: 'Invalid UTF-8' })).toContainText('line 2, column 12');

  // Edited, the text counts (U+FFFD is /%EF%BF%BD)…
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('# edited\n');
  await expect(page.getByTestId('robots-file-note')).toContainText('it has been edited since');
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 3 });
  // …and after the next reload too: the kept bytes no longer match the text, and are dropped.
  await reload(lab);
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /\uFFFD\nAllow: /\n# edited\n');
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 3 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect(page.getByTestId('robots-file-note')).toHaveCount(0);
  await expect.poll(() => keptBytes(page)).toBeNull();
});

test('"Forget stored data" removes a kept file too', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // A file whose text is the example's: the page starts again from the example after
  // forgetting, so a file still kept would match the text and be opened again.
  const example = await lab.editor.text();
  const bytes = [...Buffer.from(example)];
  await lab.editor.dropFile('example.txt', bytes);
  await expect(page.getByTestId('robots-file-note')).toContainText('Opened example.txt');
  await expect.poll(() => keptBytes(page)).toEqual(bytes);
  await lab.openMenu();
  await page.getByRole('button', { name: 'Forget stored data…' }).click();
  // The page reloads once everything is removed.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('forget-confirm').click();
  await reloaded;
  await expect(lab.results.status).toContainText('evaluated');
  await expect.poll(() => lab.editor.text()).toBe(example);
  await expect(page.getByTestId('robots-file-note')).toHaveCount(0);
  await expect.poll(() => keptBytes(page)).toBeNull();
});
