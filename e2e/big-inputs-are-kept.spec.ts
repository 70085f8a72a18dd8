import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PERSIST_VERSION } from '../src/state/inputs';
import { expectResponsive, paste } from './fixtures/hostile';
import { marketplaceRobots } from './fixtures/marketplace-robots';
import { expectKept } from './fixtures/stored';
import { LabPage } from './pages/LabPage';

// The largest inputs people bring: a robots.txt of megabytes dropped or pasted, a list of a
// million URLs. For each: the verdicts are exact, nothing is lost on a reload, and the page
// still answers a click. Verdicts are written by hand from docs/behaviour.md (§ cited at each).

/** The page with the robots.txt URL empty (every URL judged), `crawlers` chosen and `urls` to test. */
async function openWith(lab: LabPage, crawlers: [string, string][], urls: string[]): Promise<void> {
  await lab.open();
  await lab.inputs.clearCrawlers();
  for (const [name, id] of crawlers) await lab.inputs.chooseProfile(name, id);
  await lab.inputs.robotsUrl.fill('');
  await lab.inputs.setUrls(urls);
}

/** Reloads as a user would, and waits for the first verdicts. */
async function reload(lab: LabPage): Promise<void> {
  await lab.page.reload();
  await expect(lab.results.status).toContainText('evaluated');
}

/** Drops a file of `User-agent: *`, then `Disallow: /p<i>` lines to 10 MB, then `Disallow: /the-end`, built in the page. */
async function dropTenMegabytes(lab: LabPage): Promise<number> {
  const transfer = await lab.page.evaluateHandle(() => {
    const parts = ['User-agent: *\n'];
    let size = parts[0].length;
    for (let i = 0; size < 10_000_000; i++) {
      const line = `Disallow: /p${i}\n`;
      parts.push(line);
      size += line.length;
    }
    parts.push('Disallow: /the-end\n');
    const dt = new DataTransfer();
    dt.items.add(new File(parts, 'huge-robots.txt', { type: 'text/plain' }));
    return dt;
  });
  const size = await transfer.evaluate((dt) => dt.files[0].size);
  await lab.editor.content.dispatchEvent('dragover', { dataTransfer: transfer });
  await lab.editor.content.dispatchEvent('drop', { dataTransfer: transfer });
  return size;
}

test('a 10 MB robots.txt dropped on the editor: verdicts from what Google reads of it, the same after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const lab = new LabPage(page);
  await openWith(lab, [['Googlebot', 'googlebot']], ['/p1', '/the-end']);
  const size = await dropTenMegabytes(lab);
  const expectAnswer = async () => {
    // Too large to edit: the editor shows the 500 KiB Google reads (§3), and says so.
    await expect(page.getByTestId('shown-part-note')).toContainText('is 10.0 MB, too large to edit here');
    await lab.results.expectFinished(2, 1);
    // /p1 is decided by line 3; /the-end's rule is past the 500 KiB Google reads, so nothing blocks it (§3).
    await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 3 });
    await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 0 });
    await expectResponsive(page);
  };
  await expectAnswer();

  await expectKept(page, size);
  await reload(lab);
  await expect(page.getByTestId('robots-file-note')).toContainText('kept from before the reload');
  await expectAnswer();
});

test("a 3.7 MB marketplace robots.txt pasted: a crawler's group past 500 KiB goes unread, the same after a reload", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const lab = new LabPage(page);
  // 141,000 lines: the * group's rules, then the crawler groups and sitemaps, far past 500 KiB.
  const text = marketplaceRobots(141_000);
  await openWith(lab, [['PerplexityBot', 'perplexitybot']], ['/', '/str/shoes?_sacat=123']);
  await paste(lab.editor.content, text);
  const expectAnswer = async () => {
    await expect(page.getByTestId('shown-part-note')).toContainText('is 3.7 MB, too large to edit here');
    await lab.results.expectFinished(2, 1);
    // PerplexityBot's own group (Disallow: /) is past what Google reads (§3): it obeys the * group (§5),
    // where no rule matches / and line 4, Disallow: /str/*_sacat, blocks the second URL.
    await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 0 });
    await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Blocked', line: 4 });
    await expectResponsive(page);
  };
  await expectAnswer();

  await expectKept(page, Buffer.byteLength(text));
  await reload(lab);
  await expectAnswer();
});

test('a list of a million URLs imported, then reloaded: every URL is back and judged, the last one editable', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const ROWS = 1_000_000;
  const text = `${Array.from({ length: ROWS }, (_, i) => `https://shop.example.com/p/${i}`).join('\n')}\n`;
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('GPTBot', 'gptbot');
  // From disk: Playwright passes the path instead of rebuilding a 40 MB Buffer in the page.
  const file = testInfo.outputPath('million.txt');
  writeFileSync(file, text);
  await lab.bulk.fileInput.setInputFiles(file);
  await expect(lab.bulk.importNote).toHaveText('Loaded 1,000,000 URLs from million.txt.');
  await lab.results.expectFinished(ROWS, 1);

  await expectKept(page, text.length - 1);
  await reload(lab);
  await lab.results.expectFinished(ROWS, 1);
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  // Restored, the list is a card (the editor holds none of it) until the user asks to edit it.
  await lab.inputs.show();
  const card = page.getByTestId('list-card');
  await expect(card).toContainText('1,000,000 URLs');
  await card.getByRole('button', { name: 'Edit' }).click();
  const urlEditor = page.getByTestId('url-list');
  await urlEditor.click();
  await page.keyboard.press('Control+End');
  await expect(urlEditor).toContainText('https://shop.example.com/p/999999');
  // The last line is there, and it is the one we wrote; the example's file has no rule for /p/ (GPTBot: line 16, Disallow: /).
  await lab.bulk.search.fill('/p/999999');
  await lab.bulk.expectShown(['https://shop.example.com/p/999999']);
  await expectResponsive(page);
});

test('a quarter of a million URLs loaded from a file are paged and reachable by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const ROWS = 250_000;
  const file = testInfo.outputPath('urls.txt');
  const urls = Array.from({ length: ROWS }, (_, i) =>
    i % 2 ? `/checkout/${i}` : `https://shop.example.com/blog/${i}`,
  );
  writeFileSync(file, urls.join('\n'));

  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId('url-file').setInputFiles(file);
  await lab.results.expectFinished(ROWS, 3);
  await expect(lab.results.cell(0, 2)).toContainText('Allowed'); // GPTBot: Allow: /blog/
  await expect(page.getByTestId('page-range')).toHaveText('Rows 1–10,000 of 250,000');
  // A list this long is shown as a card: its name and size, with Replace, Clear and Edit.
  await lab.inputs.show();
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

test('a robots.txt of 400,000 characters typed into the editor is back whole after a reload', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  let text = 'User-agent: *\n';
  for (let i = 0; text.length < 400_000; i++) text += `Disallow: /kept-across-reload/${i}\n`;
  text += 'Allow: /the-last-line\n';
  const lines = text.split('\n').length;
  await lab.editor.replaceText(text);
  await expect(lab.editor.stats).toContainText(`${lines.toLocaleString('en')} lines`);

  await expectKept(page, text.length);
  await reload(lab);
  await expect(lab.editor.stats).toContainText(`${lines.toLocaleString('en')} lines`);
  await lab.editor.content.press('ControlOrMeta+End');
  await expect(lab.editor.content.getByText('Allow: /the-last-line', { exact: true })).toBeVisible();
  await lab.editor.content.press('ControlOrMeta+Home');
  await expect(lab.editor.content.getByText('Disallow: /kept-across-reload/0', { exact: true })).toBeVisible();
});

test('a saved list the browser no longer stores is named, with how to get it back', async ({ page }) => {
  // localStorage still says a list of 250,000 URLs was kept in IndexedDB; IndexedDB no longer has it.
  await page.addInitScript((version) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const state = {
      robotsText: 'User-agent: *\nDisallow: /private\n',
      robotsUrl: '',
      urlText: '',
      crawlers: { profiles: ['googlebot'], tokens: [] },
      settings: { normalise: true, fetchStatus: 200 },
      selected: null,
    };
    localStorage.setItem(
      'robots-lab',
      JSON.stringify({ state, version, external: ['urlText'], counts: { urlText: 250_000 } }),
    );
  }, PERSIST_VERSION);
  const lab = new LabPage(page);
  await page.goto('./');
  await lab.inputs.show();
  await expect(page.getByTestId('list-notice')).toHaveText(
    'Your saved list of 250,000 URLs is no longer stored by this browser; import it again.',
  );
  // The rest of what was saved is back.
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /private\n');
  // A new list replaces the notice.
  await lab.inputs.setUrls(['/private/x']);
  await expect(page.getByTestId('list-notice')).toHaveCount(0);
  await lab.results.expectFinished(1, 1);
});
