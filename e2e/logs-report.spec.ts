import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Site, writeSite } from '../test/logs/scenario';
import { writeRepeatedLog } from './fixtures/accessLog';
import { longestTaskSince, watchLongTasks } from './fixtures/longTasks';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

/** The scenario's third version (fetch-2.json's body), which the editor holds in the story. */
const V3 = ['User-agent: *', 'Disallow: /private', '', 'User-agent: GPTBot', 'Disallow: /', 'Allow: /blog', ''].join(
  '\n',
);

/** The report table as [crawler, requests, paths, obeyed, violations, user-triggered, first seen, last seen]. */
function reportRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('logs-row')
    .evaluateAll((rows) =>
      rows.map((r) => [
        (r as HTMLElement).dataset.crawler ?? '',
        ...Array.from(r.querySelectorAll('td'), (td) => td.textContent ?? ''),
      ]),
    );
}

async function openLogsTab(lab: LabPage): Promise<void> {
  await lab.page.getByTestId('dock-logs').click();
  await expect(lab.page.getByTestId('logs-panel')).toBeVisible();
}

test.describe('a site owner asks whether the crawlers obeyed, with the access logs in the page', () => {
  let site: Site;
  test.beforeAll(() => {
    site = writeSite();
  });
  test.afterAll(() => rmSync(site.dir, { recursive: true, force: true }));

  test('the generated logs give the report written by hand, and a violation shows its deciding line', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.editor.replaceText(V3);
    await openLogsTab(lab);
    // The history: two dated files, a 503 fetch record and a 200 record with its body; not the editor's file.
    await page.getByTestId('logs-remove-editor').click();
    await page
      .getByTestId('logs-history-files')
      .setInputFiles(readdirSync(site.history).map((n) => join(site.history, n)));
    await expect(page.getByTestId('logs-file-entry')).toHaveCount(5);
    await page.getByTestId('logs-file').setInputFiles(site.logs);
    await expect(page.getByTestId('logs-report')).toBeVisible({ timeout: 30_000 });

    // Without published IP ranges every user agent is taken at its word: the fake Googlebot and GPTBot requests count as theirs.
    expect(await reportRows(page)).toEqual([
      ['GPTBot', '9', '9', '3', '5', '-', '2026-08-30 00:00 UTC', '2026-09-25 00:00 UTC'],
      ['Googlebot', '8', '8', '6', '2', '-', '2026-09-05 12:00 UTC', '2026-09-23 00:00 UTC'],
      ['FooBot', '2', '2', '0', '2', '-', '2026-09-01 12:00 UTC', '2026-09-13 00:00 UTC'],
      ['ChatGPT-User', '3', '3', '-', '-', '3 (2 disallowed)', '2026-09-11 03:00 UTC', '2026-09-24 00:00 UTC'],
    ]);
    const summary = page.getByTestId('logs-summary');
    await expect(summary).toContainText(
      '27 log lines, 25 requests read: 22 by crawlers, 3 by browsers; 9 violations, 3 user-triggered fetches, ' +
        '0 impersonations (judged against 4 versions of robots.txt, grace 24 h)',
    );
    await expect(summary).toContainText('2 lines could not be read');
    await expect(summary).toContainText('1 crawler requests came before the first known version and were not judged');
    await expect(summary).toContainText('access.log:4: cannot read this line as combined log format');
    await expect(summary).toContainText('access.log:9: cannot read this line as combined log format: unreadable time');
    await expect(page.getByTestId('logs-report')).toContainText('What a log cannot show');

    // Every violating request, in log order: the first log's five, then the gzipped JSON Lines log's four.
    const violations = page.getByTestId('logs-violation');
    await expect(violations).toHaveText([
      /FooBot \/private\/a line 2 of 2026-09-01T00:00Z\.txt/,
      /GPTBot \/blog\/y line 6 of 2026-09-10T00-00Z\.txt/,
      /Googlebot \/private\/secret line 2 of 2026-09-10T00-00Z\.txt/,
      /FooBot \/shop\/q line 3 of 2026-09-10T00-00Z\.txt/,
      /GPTBot \/x line 6 of 2026-09-10T00-00Z\.txt/,
      /GPTBot \/blog\/z HTTP 503: everything disallowed of fetch-1\.json/,
      /GPTBot \/about line 5 of fetch-2\.json/,
      /Googlebot \/private\/more line 2 of fetch-2\.json/,
      /GPTBot \/private\/x line 5 of fetch-2\.json/,
    ]);

    // A version the editor does not hold: shown read-only, its deciding line highlighted.
    await violations.nth(0).click();
    const shown = page.getByTestId('logs-shown');
    await expect(shown).toContainText('/private/a');
    await expect(page.getByTestId('logs-shown-version')).toHaveText(
      '2026-09-01T00:00Z.txt, live from 2026-09-01 00:00 UTC',
    );
    const version = page.getByTestId('logs-version');
    await expect(version.locator('.cm-rl-rule')).toHaveText('Disallow: /private');
    await expect(version.getByTestId('logs-version-text')).toHaveAttribute('contenteditable', 'false');

    // The version the editor holds (fetch-2.json's body): the line is highlighted in the editor.
    await violations.nth(6).click();
    await expect(page.getByTestId('logs-in-editor')).toContainText('line 5');
    await expect(version).toHaveCount(0);
    await lab.editor.expectHighlight({ group: [], rule: [5] });

    // The 503 period: no line decides, the status does.
    await violations.nth(5).click();
    await expect(shown).toContainText('HTTP 503: everything disallowed');
    await expect(version).toHaveCount(0);

    await violations.nth(0).click();
    await shootAtEverySize(page, 'logs-report', 'report');

    // The editor's file back in the history, live from 24 September: the last violation is now judged by it.
    await page.getByTestId('logs-add-editor').click();
    await page.getByTestId('logs-from-editor').fill('2026-09-24T00:00');
    await page.getByTestId('logs-rerun').click();
    await expect(summary).toContainText(
      '9 violations, 3 user-triggered fetches, 0 impersonations (judged against 5 versions',
    );
    await expect(violations.nth(8)).toHaveText(/GPTBot \/private\/x line 5 of The editor’s file/);
    await expect(violations.nth(7)).toHaveText(/Googlebot \/private\/more line 2 of fetch-2\.json/);
    await page.getByTestId('logs-history').scrollIntoViewIfNeeded();
    await shootAtEverySize(page, 'logs-report', 'history');
  });

  test("with the operators' IP ranges opened, requests naming a crawler from elsewhere count as impersonations", async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await openLogsTab(lab);
    await page.getByTestId('logs-remove-editor').click();
    await page
      .getByTestId('logs-history-files')
      .setInputFiles(readdirSync(site.history).map((n) => join(site.history, n)));
    // googlebot.json names its crawler; openai-gptbot.json does not, and is told it is GPTBot's.
    await page.getByTestId('logs-ranges-files').setInputFiles([site.googleRanges, site.openaiRanges]);
    const crawlers = page.getByTestId('logs-ranges-crawler');
    await expect(crawlers.nth(0)).toHaveValue('googlebot');
    await expect(crawlers.nth(1)).toHaveValue('openai-gptbot');
    await page.getByTestId('logs-file').setInputFiles(site.logs);
    await expect(page.getByTestId('logs-error')).toContainText(
      'openai-gptbot.json: "openai-gptbot" is no crawler or operator of the catalogue',
    );
    await crawlers.nth(1).fill('GPTBot');
    await page.getByTestId('logs-rerun').click();
    await expect(page.getByTestId('logs-report')).toBeVisible({ timeout: 30_000 });

    // The fake Googlebot (two requests, one of them a violation) and the GPTBot from elsewhere (one violation) leave
    // their crawlers' rows: 3 impersonations, 9 - 3 = 6 violations.
    expect(await reportRows(page)).toEqual([
      ['GPTBot', '8', '8', '3', '4', '-', '1', '2026-08-30 00:00 UTC', '2026-09-25 00:00 UTC'],
      ['FooBot', '2', '2', '0', '2', '-', '0', '2026-09-01 12:00 UTC', '2026-09-13 00:00 UTC'],
      ['Googlebot', '6', '6', '6', '0', '-', '2', '2026-09-05 12:00 UTC', '2026-09-23 00:00 UTC'],
      ['ChatGPT-User', '3', '3', '-', '-', '3 (2 disallowed)', '0', '2026-09-11 03:00 UTC', '2026-09-24 00:00 UTC'],
    ]);
    await expect(page.getByTestId('logs-summary')).toContainText(
      '27 log lines, 25 requests read: 22 by crawlers, 3 by browsers; 6 violations, 3 user-triggered fetches, ' +
        '3 impersonations (judged against 4 versions of robots.txt, grace 24 h)',
    );
    await page.getByTestId('logs-ranges').scrollIntoViewIfNeeded();
    await shootAtEverySize(page, 'logs-report', 'ranges');
  });

  test('a .gz of over 1 GiB of log is streamed in a worker with progress, the main thread never busy over 200 ms', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await watchLongTasks(page);
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-biglog-'));
    try {
      // Generated here, not stored: 2,989 copies of a 2,000-line block (359,334 bytes), 1,074,049,326 bytes of log
      // in a .gz of about 76 MB. In each block line i is GET /{shop,private,blog,about}[i % 4]/i by Googlebot,
      // GPTBot or a browser ([i % 3]).
      const path = join(dir, 'access.log.gz');
      await writeRepeatedLog(path, 2989);
      const lab = new LabPage(page);
      await lab.open();
      await lab.editor.replaceText('User-agent: *\nDisallow: /private/\n');
      await openLogsTab(lab);
      const from = await page.evaluate(() => performance.now());
      await page.getByTestId('logs-file').setInputFiles(path);
      await expect(page.getByTestId('logs-progress')).toBeVisible();
      await expect(page.getByTestId('logs-report')).toBeVisible({ timeout: 200_000 });
      // First and last seen: day 1 + i % 28, hour i % 24: Googlebot (i ≡ 0 mod 3) first at i = 0 (1st, 00:00), GPTBot
      // (i ≡ 1 mod 3) at i = 28 (1st, 04:00); the last, on the 28th, at 15:00 and 19:00.
      // Per block: 1,334 crawler lines (667 each), 666 browser lines; /private/ is i ≡ 1 (mod 4): 166 of
      // Googlebot's (i ≡ 9 mod 12) and 167 of GPTBot's (i ≡ 1 mod 12). Times 2,989.
      await expect(page.getByTestId('logs-summary')).toContainText(
        '5,978,000 log lines, 5,978,000 requests read: 3,987,326 by crawlers, 1,990,674 by browsers; ' +
          '995,337 violations, 0 user-triggered fetches',
      );
      expect(await reportRows(page)).toEqual([
        ['GPTBot', '1,993,663', '667', '1,494,500', '499,163', '-', '2026-09-01 04:00 UTC', '2026-09-28 19:00 UTC'],
        ['Googlebot', '1,993,663', '667', '1,497,489', '496,174', '-', '2026-09-01 00:00 UTC', '2026-09-28 15:00 UTC'],
      ]);
      expect(await longestTaskSince(page, from)).toBeLessThanOrEqual(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
