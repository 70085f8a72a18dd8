import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Share links (issue 10 item 4): the whole state in the URL fragment, opened
// in another browser; hostile payloads stay text; local work is asked about.

const SHARED = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: MyBot\nDisallow: /\n';
const MINE = 'User-agent: *\nDisallow: /mine/\n';

/** Presses "Copy share link" and returns the link, read from the address bar. */
async function copyLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.locator('.share-status')).toContainText('Share link');
  const url = page.url();
  expect(url).toContain('#s=v1.');
  return url;
}

/** Opens `url` in a fresh browser context (no stored work), as someone the link was sent to. */
async function openElsewhere(browser: Browser, url: string): Promise<LabPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const lab = new LabPage(page);
  await page.goto(url);
  await expect(lab.editor.content).toBeVisible();
  await lab.inputs.show();
  return lab;
}

/** Every cell's verdict, row by row. */
async function verdicts(lab: LabPage, rows: number, cols: number): Promise<string[]> {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = await lab.results.verdictOf(r, c);
      out.push(`${r},${c}:${v.verdict}@${v.line}`);
    }
  }
  return out;
}

test('a share link opened elsewhere brings the same file, URLs, crawlers, options and verdicts', async ({
  page,
  browser,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(SHARED);
  await lab.inputs.setUrls(['/private/x', '/private/ok', '/public']);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.inputs.addToken('MyBot');
  await lab.inputs.robotsUrl.fill('https://mine.test/robots.txt');
  await lab.inputs.normalise.uncheck();
  await lab.results.expectFinished(3, 2);
  const link = await copyLink(page);

  const there = await openElsewhere(browser, link);
  await expect.poll(() => there.editor.text()).toBe(SHARED);
  await there.results.expectFinished(3, 2);
  await expect.poll(() => there.inputs.urlText()).toBe('/private/x\n/private/ok\n/public');
  await expect(there.inputs.profile('googlebot')).toBeChecked();
  await expect(there.inputs.tokenChip('MyBot')).toBeVisible();
  await expect(there.inputs.robotsUrl).toHaveValue('https://mine.test/robots.txt');
  await expect(there.inputs.normalise).not.toBeChecked();
  await expect(there.inputs.fetchStatus).toHaveValue('200');
  // Written by hand from the file: Googlebot follows `*` (line 2 blocks, line 3's longer Allow wins), MyBot its own group.
  const expected = [
    '0,0:Blocked@2',
    '0,1:Blocked@6',
    '1,0:Allowed@3',
    '1,1:Blocked@6',
    '2,0:Allowed@0',
    '2,1:Blocked@6',
  ];
  expect(await verdicts(there, 3, 2)).toEqual(expected);
  expect(await verdicts(lab, 3, 2)).toEqual(expected);
  // The fragment is cleared once the state is opened.
  await expect.poll(() => there.page.url()).not.toContain('#');
  await expect(there.page.getByTestId('share-notice')).toContainText('Opened the shared state.');
  await there.page.context().close();
});

const HOSTILE_ROBOTS = [
  '# <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
  'User-agent: *',
  'Disallow: /<img src=x onerror=window.__pwned=3>',
  'Sitemap: javascript:window.__pwned=4',
].join('\n');
const HOSTILE_URLS = ['/<img src=x onerror=window.__pwned=5>', 'javascript:window.__pwned=6', '/<b>bold</b>'];

test('a link with script-like payloads executes nothing and shows them as text', async ({ page, browser }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(HOSTILE_ROBOTS);
  await lab.inputs.setUrls(HOSTILE_URLS);
  await lab.results.expectFinished(3, 3);
  const link = await copyLink(page);

  const context = await browser.newContext();
  const there = await context.newPage();
  const events: string[] = [];
  there.on('dialog', (d) => {
    events.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  there.on('console', (m) => {
    if (m.type() === 'error') events.push(`console: ${m.text()}`);
  });
  there.on('pageerror', (e) => events.push(`pageerror: ${e.message}`));
  const thereLab = new LabPage(there);
  await there.goto(link);
  await expect.poll(() => thereLab.editor.text()).toBe(HOSTILE_ROBOTS);
  await thereLab.results.expectFinished(3, 3);
  await thereLab.inputs.show();
  await expect.poll(() => thereLab.inputs.urlText()).toBe(HOSTILE_URLS.join('\n'));
  // The payloads are on the page as text: in the editor and in the verdict rows.
  await expect(thereLab.editor.content).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(thereLab.results.rows().first()).toContainText('img');
  await expect(thereLab.editor.stats).toContainText('1 sitemap');
  // Nothing of them became markup or ran.
  expect(await there.locator('img').count()).toBe(0);
  expect(await there.locator('b', { hasText: 'bold' }).count()).toBe(0);
  expect(await there.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(events).toEqual([]);
  await context.close();
});

test('a link opened over local work asks first; "Keep mine" keeps it, "Open" replaces it', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(SHARED);
  await lab.results.expectFinished(13, 3);
  const link = await copyLink(page);
  await lab.editor.replaceText(MINE);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain('/mine/');

  // A new tab of the same browser: the saved work is MINE, the link holds SHARED.
  const other = await page.context().newPage();
  const otherLab = new LabPage(other);
  await other.bringToFront();
  await other.goto(link);
  const dialog = other.getByRole('dialog', { name: 'Replace your work?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep mine' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => otherLab.editor.text()).toBe(MINE);
  await expect.poll(() => other.url()).not.toContain('#');
  await expect(other.getByTestId('share-notice')).toContainText('Kept your work');

  // The same link pasted into the address bar of the open page (only the fragment changes): asked again, then opened.
  await other.goto(link);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Open the shared state' }).click();
  await expect.poll(() => otherLab.editor.text()).toBe(SHARED);
  await expect.poll(() => other.url()).not.toContain('#');
});

test('a damaged link says so and changes nothing', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(MINE);
  await page.goto('./#s=v1.AAAA$$$');
  await expect(page.getByTestId('share-notice')).toContainText('damaged');
  await expect(page.getByTestId('share-notice')).toContainText('Nothing on the page was changed.');
  await expect.poll(() => lab.editor.text()).toBe(MINE);
  await page.goto('./#s=v9.abc');
  await expect(page.getByTestId('share-notice')).toContainText('newer Robots Lab');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a state too large for a link says so, offers the file, and the file imports elsewhere', async ({
  page,
  browser,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  // Random text barely compresses: ~60 KB of it needs a link far over the 32 KB cap.
  const lines = Array.from({ length: 600 }, () => `Disallow: /${randomBytes(75).toString('base64url')}`);
  const big = `User-agent: *\n${lines.join('\n')}`;
  await lab.editor.replaceText(big);
  await expect(lab.editor.stats).toContainText('601 lines');
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.locator('.share-status')).toContainText('over the 32 KB');
  await expect(page.locator('.share-status')).toContainText('Export it as a file instead.');
  expect(page.url()).not.toContain('#s=');
  const exportButton = page.getByRole('button', { name: 'Export state' });
  await expect(exportButton).toHaveClass(/share-offered/);
  const download = page.waitForEvent('download');
  await exportButton.click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/^robots-lab-state-\d{4}-\d{2}-\d{2}\.json$/);

  const context = await browser.newContext();
  const there = await context.newPage();
  const thereLab = new LabPage(there);
  await thereLab.open();
  await there.locator('input[type=file][aria-label="State file to import"]').setInputFiles({
    name: 'state.json',
    mimeType: 'application/json',
    buffer: readFileSync(file),
  });
  await expect(there.getByTestId('share-notice')).toContainText('State imported.');
  await expect(thereLab.editor.stats).toContainText('601 lines');
  await context.close();
});

test('an imported file over local work asks first', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(MINE);
  const state = {
    format: 'robots-lab-state',
    version: 1,
    state: {
      robotsText: SHARED,
      robotsUrl: 'https://shared.test/robots.txt',
      urlText: '/a\n',
      crawlers: { profiles: ['googlebot'], tokens: [] },
      settings: { normalise: true, fetchStatus: 200 },
      selected: null,
    },
  };
  await page.locator('input[type=file][aria-label="State file to import"]').setInputFiles({
    name: 'state.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(state)),
  });
  const dialog = page.getByRole('dialog', { name: 'Replace your work?' });
  await expect(dialog).toContainText('The imported file holds');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => lab.editor.text()).toBe(MINE);
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`the share buttons fit the header and the dialog fits at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    const lab = new LabPage(page);
    await lab.open();
    const copy = page.getByRole('button', { name: 'Copy share link' });
    await expect(copy).toBeInViewport();
    const header = await page.locator('.app-header').boundingBox();
    const box = await page.locator('.share-controls').boundingBox();
    expect(header && box).toBeTruthy();
    if (header && box) {
      expect(box.x).toBeGreaterThanOrEqual(header.x);
      expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    }
    const link = await copyLink(page);
    await page.screenshot({ path: `test-results/wire-header-${size.width}.png` });
    await lab.editor.replaceText(MINE);
    // Local work exists once it is saved; only then does a link ask before replacing it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain('/mine/');
    await page.goto(link.replace(/#.*/, '#x'));
    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: 'Replace your work?' });
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `test-results/wire-dialog-${size.width}.png` });
  });
}
