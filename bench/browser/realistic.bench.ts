/**
 * The page on inputs people bring (Chromium, through Playwright, the
 * production build), each at normal speed and under Chromium's 4× CPU
 * throttling, each run on a fresh page set up as a user would (the file
 * pasted, the crawlers ticked, the URLs pasted or imported):
 *
 *  - typing in an eBay-sized robots.txt (bench/generate.ts at 1,600 rules:
 *    1,705 lines) with 1,000 URLs × 5 crawlers: keystroke → verdicts, from
 *    each keydown to the run status showing the verdicts of the new text;
 *  - a 1,000,000-line URL list imported (the "Load a file…" input), then
 *    the page reloaded with it: to all verdicts;
 *  - a 10 MB robots.txt dropped on the editor: to the verdicts of what
 *    Google reads of it;
 *  - Before / after with 300,000 URLs: the editor's file copied to the
 *    deployed side, then one edit (a Googlebot group with `Disallow: /`):
 *    from the edit to all flips counted.
 *
 * For each: the longest main-thread task (targets: none over 200 ms, and a
 * keystroke → verdicts median of 50 ms or less) and peak memory (see
 * probe.ts). Figures are reported, not asserted: one table at the end
 * (table.ts), for docs/performance.md. RUNS (default 3) runs each row.
 *
 * Run: npm run bench:browser
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { watchLongTasks } from '../../e2e/fixtures/longTasks';
import { expectKept } from '../../e2e/fixtures/stored';
import { BeforeAfterPanel } from '../../e2e/pages/BeforeAfterPanel';
import { LabPage } from '../../e2e/pages/LabPage';
import { generate, ROBOTS_URL } from '../generate';
import { PageProbe } from './probe';
import { attachFigures, rowAnnotation } from './table';

const SEED = 20240915;
const RULES = 1_600;
const RUNS = Number(process.env.RUNS ?? 3);
const CRAWLERS: [string, string][] = [
  ['Googlebot', 'googlebot'],
  ['Bingbot', 'bingbot'],
  ['GPTBot', 'gptbot'],
  ['Applebot', 'applebot'],
  ['CCBot', 'ccbot'],
];
/** After an answer, how long tasks and memory still count (saving, drawing what follows). */
const SETTLE_MS = 2_000;
const KEYS = 30;

const ROWS = {
  typing: 'typing in the eBay-sized file, 1,000 URLs × 5 crawlers',
  imported: 'a 1,000,000-line list imported (× 5 crawlers)',
  reloaded: 'reload with it',
  dropped: 'a 10 MB robots.txt dropped (1,000 URLs × 5)',
  flips: 'Before / after, 300,000 URLs × 5, one edit',
};

const { robotsTxt, urls: thousandUrls } = generate(SEED, 1_000, RULES);

/** A URL list of `n` lines as a file on disk (written once; the same seed gives the same bytes). */
function urlFile(n: number): { path: string; bytes: number } {
  const dir = fileURLToPath(new URL('../out/page-bench', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `urls-${n}.txt`);
  const text = `${generate(SEED, n, RULES).urls.join('\n')}\n`;
  if (!existsSync(path)) writeFileSync(path, text);
  return { path, bytes: text.length };
}

/** The page with the eBay-sized file pasted, its robots.txt URL, the 5 crawlers and `urls` pasted, all judged. */
async function openOnTheFile(page: Page, urls: string[]): Promise<LabPage> {
  const lab = new LabPage(page);
  await watchLongTasks(page);
  await lab.open();
  await lab.inputs.robotsUrl.fill(ROBOTS_URL);
  await lab.inputs.clearCrawlers();
  for (const [name, id] of CRAWLERS) await lab.inputs.chooseProfile(name, id);
  await lab.editor.replaceText(robotsTxt);
  await lab.inputs.setUrls(urls);
  await lab.results.expectFinished(urls.length, CRAWLERS.length);
  return lab;
}

/** Records, in the page, the time from each keydown to the run status showing a finished run of newer text. */
async function watchKeystrokes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keystrokes: number[] };
    w.__keystrokes = [];
    let at = 0;
    let version: string | null = null;
    const status = () => document.querySelector('[data-testid=run-status]');
    addEventListener(
      'keydown',
      () => {
        at = performance.now();
        version = status()?.getAttribute('data-text-version') ?? null;
      },
      { capture: true },
    );
    new MutationObserver(() => {
      const s = status();
      if (at === 0 || !s || s.getAttribute('data-text-version') === version) return;
      if (!s.textContent?.includes('evaluated')) return;
      w.__keystrokes.push(performance.now() - at);
      at = 0;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const keystrokes = (page: Page) => page.evaluate(() => (window as unknown as { __keystrokes: number[] }).__keystrokes);

type Body = (fixtures: { page: Page }, testInfo: TestInfo) => Promise<void>;

/** Declares RUNS tests of one row at one CPU rate (`more`: further rows the same test measures). */
function runs(input: string, rate: number, body: Body, more: string[] = []): void {
  const cpu = rate === 1 ? '1×' : `${rate}× slower`;
  for (let run = 1; run <= RUNS; run++) {
    test(
      `${input} · CPU ${cpu} · run ${run}`,
      { annotation: [input, ...more].map((row) => rowAnnotation(row, rate)) },
      body,
    );
  }
}

for (const rate of [1, 4]) {
  runs(ROWS.typing, rate, async ({ page }, testInfo) => {
    const lab = await openOnTheFile(page, thousandUrls);
    const probe = await PageProbe.attach(page);
    await probe.throttle(rate);
    await watchKeystrokes(page);
    // Typing at the end of the first line, `User-agent: *`: each key changes which group the crawlers obey.
    await lab.editor.content.click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    const figures = await probe.measure(async () => {
      const from = await probe.now();
      for (let i = 0; i < KEYS; i++) {
        await page.keyboard.press(i % 2 ? 'Backspace' : 'x');
        await expect.poll(async () => (await keystrokes(page)).length, { timeout: 60_000 }).toBe(i + 1);
      }
      return { ms: (await probe.now()) - from, tasksFrom: from };
    });
    await attachFigures(testInfo, {
      ...figures,
      input: ROWS.typing,
      cpu: rate,
      timeTo: '',
      keystrokes: await keystrokes(page),
    });
  });
}

for (const rate of [1, 4]) {
  runs(
    ROWS.imported,
    rate,
    async ({ page }, testInfo) => {
      test.setTimeout(900_000);
      const file = urlFile(1_000_000);
      const lab = await openOnTheFile(page, thousandUrls);
      const probe = await PageProbe.attach(page);
      await probe.throttle(rate);
      const done = () => lab.results.expectFinished(1_000_000, CRAWLERS.length);
      const imported = await probe.measure(async () => {
        const from = await probe.now();
        await lab.bulk.fileInput.setInputFiles(file.path);
        await expect(lab.results.status).toContainText('1,000,000 URLs', { timeout: 300_000 });
        await done();
        const ms = (await probe.now()) - from;
        await page.waitForTimeout(SETTLE_MS);
        return { ms, tasksFrom: from };
      });
      await attachFigures(testInfo, { ...imported, input: ROWS.imported, cpu: rate, timeTo: 'all verdicts' });

      await expectKept(page, file.bytes - 1);
      const reloaded = await probe.measure(async () => {
        await page.reload();
        await expect(lab.results.status).toContainText('1,000,000 URLs', { timeout: 300_000 });
        await done();
        // The page's clock starts at the reload's navigation.
        const ms = await probe.now();
        await page.waitForTimeout(SETTLE_MS);
        return { ms, tasksFrom: 0 };
      });
      await attachFigures(testInfo, { ...reloaded, input: ROWS.reloaded, cpu: rate, timeTo: 'all verdicts' });
    },
    [ROWS.reloaded],
  );
}

for (const rate of [1, 4]) {
  runs(ROWS.dropped, rate, async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    const lab = await openOnTheFile(page, thousandUrls);
    const probe = await PageProbe.attach(page);
    // Built in the page before the clock starts: the bytes a user's drop hands over.
    const transfer = await page.evaluateHandle(() => {
      const parts = ['User-agent: *\n'];
      for (let i = 0, size = 0; size < 10_000_000; i++) {
        const line = `Disallow: /p${i}\n`;
        parts.push(line);
        size += line.length;
      }
      const dt = new DataTransfer();
      dt.items.add(new File(parts, 'robots.txt', { type: 'text/plain' }));
      return dt;
    });
    await probe.throttle(rate);
    const run = await lab.results.status.getAttribute('data-run');
    const figures = await probe.measure(async () => {
      const from = await probe.now();
      await lab.editor.content.dispatchEvent('dragover', { dataTransfer: transfer });
      await lab.editor.content.dispatchEvent('drop', { dataTransfer: transfer });
      await expect(page.getByTestId('shown-part-note')).toContainText('too large to edit here', { timeout: 300_000 });
      await expect(lab.results.status).not.toHaveAttribute('data-run', run ?? '', { timeout: 300_000 });
      await lab.results.expectFinished(1_000, CRAWLERS.length);
      const ms = (await probe.now()) - from;
      await page.waitForTimeout(SETTLE_MS);
      return { ms, tasksFrom: from };
    });
    await attachFigures(testInfo, { ...figures, input: ROWS.dropped, cpu: rate, timeTo: 'verdicts' });
  });
}

for (const rate of [1, 4]) {
  runs(ROWS.flips, rate, async ({ page }, testInfo) => {
    test.setTimeout(900_000);
    const file = urlFile(300_000);
    const lab = await openOnTheFile(page, thousandUrls);
    await lab.bulk.fileInput.setInputFiles(file.path);
    await expect(lab.results.status).toContainText('300,000 URLs', { timeout: 300_000 });
    await lab.results.expectFinished(300_000, CRAWLERS.length);
    const probe = await PageProbe.attach(page);
    await probe.throttle(rate);
    const beforeAfter = new BeforeAfterPanel(page);
    const figures = await probe.measure(async () => {
      const from = await probe.now();
      await beforeAfter.open();
      await page.getByTestId('deployed-from-editor').click();
      await expect(beforeAfter.headline).toHaveText(/block 0 .* allow 0 blocked today\.$/, { timeout: 300_000 });
      await lab.editor.content.click();
      await page.keyboard.press('ControlOrMeta+End');
      const edit = await probe.now();
      await page.keyboard.insertText('\nUser-agent: googlebot\nDisallow: /\n');
      await expect(beforeAfter.headline).toHaveText(/block [1-9][\d,]* .*today\.$/, { timeout: 600_000 });
      const ms = (await probe.now()) - edit;
      await page.waitForTimeout(SETTLE_MS);
      return { ms, tasksFrom: from };
    });
    await attachFigures(testInfo, { ...figures, input: ROWS.flips, cpu: rate, timeTo: 'all flips' });
  });
}
