import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

// Three origins, three files; a fourth origin has none. The editor holds a.example's.
const A = 'User-agent: *\nDisallow: /private\n';
// Lines: 1 User-agent: Googlebot, 2 Disallow: /shop/, 3 Allow: /shop/public, 5 User-agent: *, 6 Disallow: /
const B = 'User-agent: Googlebot\nDisallow: /shop/\nAllow: /shop/public\n\nUser-agent: *\nDisallow: /\n';
const C = 'User-agent: *\nDisallow: /tmp/\n';

const URLS = [
  'https://a.example/',
  'https://a.example/private/x',
  'https://b.example/shop/cart',
  'https://b.example/shop/public/a',
  'https://c.example/tmp/x',
  'https://c.example/page',
  'https://d.example/x',
  'https://a.example/about',
];

// Written by hand from the three files (longest match wins; a crawler obeys its own group, else *):
// [Googlebot verdict, line], [OtherBot verdict, line], row by row.
const EXPECTED: [string, number, string, number][] = [
  ['Allowed', 0, 'Allowed', 0],
  ['Blocked', 2, 'Blocked', 2],
  ['Blocked', 2, 'Blocked', 6],
  ['Allowed', 3, 'Blocked', 6],
  ['Blocked', 2, 'Blocked', 2],
  ['Allowed', 0, 'Allowed', 0],
  ['Not judged', 0, 'Not judged', 0],
  ['Allowed', 0, 'Allowed', 0],
];

/** The two files `robots-lab fetch --save` writes for c.example, the record written by hand. */
function savedC(): { name: string; text: string }[] {
  const record = {
    format: 'robots-lab/fetch@1',
    origin: 'https://c.example',
    url: 'https://c.example/robots.txt',
    finalUrl: 'https://c.example/robots.txt',
    fetchedAt: '2026-11-27T09:30:00.000Z',
    status: 200,
    error: null,
    redirects: [],
    redirectEnd: null,
    contentType: 'text/plain',
    contentEncoding: null,
    lastModified: null,
    etag: null,
    bytes: C.length,
    kept: C.length,
    truncated: false,
    sha256: createHash('sha256').update(C).digest('hex'),
    revalidated: false,
    userAgent: 'robots-lab',
    kind: 'file',
    mode: 'rules',
    summary: '2xx: the file decides',
    reason: 'HTTP 200: the rules in the file decide.',
  };
  return [
    { name: 'https_c.example.json', text: JSON.stringify(record, null, 2) },
    { name: 'https_c.example.txt', text: C },
  ];
}

/** Drops files on the origins list, as a drag from the desktop would. */
async function dropOnOrigins(page: Page, files: { name: string; text: string }[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([f.text], f.name));
    return dt;
  }, files);
  const panel = page.getByTestId('origins-panel');
  await panel.dispatchEvent('dragover', { dataTransfer });
  await panel.dispatchEvent('drop', { dataTransfer });
}

/** The fetch status the browser keeps for an origin's file (IndexedDB, as the page stores it). */
function keptStatusOf(page: Page, origin: string): Promise<number | null> {
  return page.evaluate(
    (o) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('robots-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('values').objectStore('values').get('robots-lab:origins');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            open.result.close();
            const files = (get.result ?? []) as { origin: string; fetchStatus: number }[];
            resolve(files.find((f) => f.origin === o)?.fetchStatus ?? null);
          };
        };
      }),
    origin,
  );
}

async function expectVerdicts(lab: LabPage, expected: [string, number, string, number][]): Promise<void> {
  for (const [row, [v0, l0, v1, l1]] of expected.entries()) {
    await expect.poll(() => lab.results.verdictOf(row, 0)).toEqual({ verdict: v0, line: l0 });
    await expect.poll(() => lab.results.verdictOf(row, 1)).toEqual({ verdict: v1, line: l1 });
  }
}

test('a list over three origins is judged row by row against three files, one per origin', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(A);
  await lab.inputs.setUrls(URLS);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.inputs.addToken('OtherBot');
  // The list spans origins: the banner names the one most URLs are on, and the editor's file is made its.
  await page.getByTestId('scope-fix').click();
  await expect(lab.inputs.robotsUrl).toHaveValue('https://a.example/robots.txt');

  const panel = page.getByTestId('origins-panel');
  const origin = (o: string) => panel.locator(`[data-origin="${o}"]`);
  await expect(origin('https://a.example')).toContainText('the editor');
  for (const o of ['https://b.example', 'https://c.example', 'https://d.example'])
    await expect(origin(o)).toContainText('no robots.txt');
  await lab.results.expectFinished(8, 2);
  // Before b.example has a file, its rows are not judged, and say why.
  expect(await lab.results.verdictOf(2, 0)).toEqual({ verdict: 'Not judged', line: 0 });
  await expect(lab.results.rows().nth(2).getByTestId('url-note')).toContainText(
    'Outside the scope of https://a.example/robots.txt',
  );

  await origin('https://b.example').getByTestId('origin-paste').click();
  await origin('https://b.example').getByTestId('origin-text').fill(B);
  await origin('https://b.example').getByRole('button', { name: 'Done' }).click();
  await dropOnOrigins(page, savedC());
  await expect(origin('https://c.example').getByTestId('origin-record')).toHaveText(
    '2xx: the file decides · fetched 2026-11-27 09:30 UTC',
  );

  await lab.results.expectFinished(8, 2);
  await expectVerdicts(lab, EXPECTED);
  await expect(lab.results.rows().nth(2).getByTestId('url-judged-by')).toHaveText('by https://b.example/robots.txt');
  await expect(lab.results.rows().nth(6).getByTestId('url-note')).toContainText('No robots.txt for https://d.example');
  await expect(page.getByTestId('scope-banner')).toHaveCount(0);

  await shootAtEverySize(page, 'three-origins', 'three-files');

  // The explanation of a b.example cell is b.example's file, not the editor's.
  await lab.results.select(3, 0);
  await expect(page.getByTestId('explain-judged-by')).toContainText('https://b.example/robots.txt');
  await shootAtEverySize(page, 'three-origins', 'explained');

  // b.example's server now answers 503: all its rows are blocked, the others unchanged.
  await origin('https://b.example').getByTestId('origin-fetch-status').selectOption('503');
  const down = EXPECTED.map((e, row) => (row === 2 || row === 3 ? (['Blocked', 0, 'Blocked', 0] as typeof e) : e));
  await expectVerdicts(lab, down);

  // The files are kept across a reload (once the browser holds the 503).
  await expect.poll(() => keptStatusOf(page, 'https://b.example')).toBe(503);
  await page.reload();
  await lab.results.expectFinished(8, 2);
  await expectVerdicts(lab, down);
  await expect(origin('https://c.example').getByTestId('origin-record')).toBeVisible();

  // "New" clears the other origins' files with the rest of the work; its undo puts them back.
  await page.getByTestId('new').click();
  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
  await lab.results.expectFinished(8, 2);
  await expectVerdicts(lab, down);
  await page.getByTestId('new').click();
  await expect(page.getByTestId('undo-toast')).toBeVisible();
  await lab.editor.replaceText(A);
  await lab.inputs.setUrls(URLS);
  await lab.inputs.robotsUrl.fill('https://a.example/robots.txt');
  for (const o of ['https://b.example', 'https://c.example']) await expect(origin(o)).toContainText('no robots.txt');
  // Nor do they come back with a reload.
  await page.reload();
  await expect(origin('https://a.example')).toContainText('the editor');
  for (const o of ['https://b.example', 'https://c.example']) await expect(origin(o)).toContainText('no robots.txt');

  // "Open saved records…" reads the same files as a drop does.
  await page
    .getByTestId('origin-records')
    .setInputFiles(savedC().map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })));
  await expect(origin('https://c.example').getByTestId('origin-record')).toHaveText(
    '2xx: the file decides · fetched 2026-11-27 09:30 UTC',
  );
});

test('with one origin the page shows no list of origins, until a stray URL’s origin gets its file', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  // The example's list has one URL on another site: still the single-file page.
  const stray = 11;
  await expect.poll(() => lab.results.verdictOf(stray, 0)).toEqual({ verdict: 'Not judged', line: 0 });
  await expect(page.getByTestId('origins-panel')).toHaveCount(0);

  await lab.results.select(stray, 0);
  await page.getByTestId('add-origin').click();
  const panel = page.getByTestId('origins-panel');
  await panel.getByTestId('origin-text').fill('User-agent: *\nDisallow: /\n');
  await expect.poll(() => lab.results.verdictOf(stray, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect(panel.locator('[data-origin="https://other.example.com"]')).toBeVisible();

  // Loading the example again is the single-file page again: the added file goes with the rest.
  await page.getByTestId('header-menu').locator('summary').click();
  await page.getByTestId('load-example').click();
  await expect(page.getByTestId('origins-panel')).toHaveCount(0);
  await expect.poll(() => lab.results.verdictOf(stray, 0)).toEqual({ verdict: 'Not judged', line: 0 });
});
