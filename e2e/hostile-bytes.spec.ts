import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * A robots.txt dropped on the editor reaches the worker as bytes (issue 10
 * item 1). Expected verdicts are written by hand from docs/behaviour.md §13:
 * `Disallow: /\xFF` (a lone byte 0xFF) is the pattern /%FF, so it blocks
 * /%FF and not /%EF%BF%BD (what the decoded U+FFFD would give).
 */
const FILE = [...Buffer.from('User-agent: *\nDisallow: /'), 0xff, ...Buffer.from('\nAllow: /\n')];

test('a dropped file with an invalid byte blocks /%FF as Google does, and says where the byte is', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.inputs.setUrls(['https://example.com/%FF', 'https://example.com/%EF%BF%BD']);
  await lab.page.getByTestId('robots-url').fill('');
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
