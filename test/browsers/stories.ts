/**
 * The main user stories, as one engine runs them, in order, in one tab (and
 * a second tab with a fresh profile for the share link; WebKitWebDriver
 * drives one session at a time, so the first tab is closed by then). Expected verdicts
 * and lines are written by hand from the files typed here.
 */
import type { EngineDriver } from './drivers';
import { LabTab, until } from './page';

/** A failed expectation. */
function expectEqual<T>(what: string, actual: T, expected: T): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** One story: a name and what it does with the lab open in a tab. */
export interface Story {
  name: string;
  run(lab: LabTab, context: StoryContext): Promise<void>;
}

/** What stories share: the driver (for fresh profiles), the page's address, where screenshots go. */
export interface StoryContext {
  driver: EngineDriver;
  base: string;
  shots: string;
  /** Whatever one story leaves for a later one (the share link). */
  carry: Map<string, string>;
}

const VIEWPORT = { width: 1280, height: 720 };
const ROBOTS = 'User-agent: *\nDisallow: /pr';
const THOUSAND = Array.from({ length: 1000 }, (_, i) => `/pr/item-${i}?page=${i % 7}`).join('\n');

/** Waits for cell (row, col) to show `verdict` decided by `line`. */
async function expectCell(lab: LabTab, row: number, col: number, verdict: string, line: number): Promise<void> {
  await until(`cell ${row},${col} to say ${verdict} (line ${line})`, async () => {
    const c = await lab.cell(row, col);
    return c?.text?.includes(verdict) && Number(c.line ?? 0) === line;
  });
}

export const STORIES: Story[] = [
  {
    name: 'loads the example and shows verdicts',
    async run(lab, { base, shots, driver }) {
      await lab.open(base);
      const first = await until('the first cell', () => lab.cell(0, 0));
      if (!/Allowed|Blocked/.test(first.text)) throw new Error(`the first cell says "${first.text}"`);
      await lab.tab.screenshot(`${shots}/${driver.engine}-1280x720.png`);
    },
  },
  {
    name: 'typing a file and URLs gives their verdicts',
    async run(lab) {
      await lab.typeRobots(ROBOTS);
      await lab.typeUrls('/private/x\n/public');
      expectEqual('the robots.txt', await lab.editorText(), ROBOTS);
      await lab.waitForStatus('2 URLs ×');
      await expectCell(lab, 0, 0, 'Blocked', 2);
      await expectCell(lab, 1, 0, 'Allowed', 0);
    },
  },
  {
    name: 'a selected cell is explained, its rule highlighted in the editor',
    async run(lab, { shots, driver }) {
      await lab.clickCell(0, 0);
      await until('the cell to be selected', async () => (await lab.cell(0, 0))?.selected === 'true');
      let seen = {};
      await until('the highlight of group and rule', async () => {
        seen = await lab.highlight();
        return JSON.stringify(seen) === JSON.stringify({ group: [1], rule: [2] });
      }).catch((e) => {
        throw new Error(`${e} — drawn: ${JSON.stringify(seen)}`);
      });
      // The highlight comes from the run, the explanation from its own call: it may come later.
      let why = '';
      await until('the explanation to name the rule', async () => {
        why = (await lab.explanation()) ?? '';
        return why.includes('/pr');
      }).catch((e) => {
        throw new Error(`${e} — shown: ${why}`);
      });
      await lab.tab.screenshot(`${shots}/${driver.engine}-explained-1280x720.png`);
    },
  },
  {
    name: 'one typed character changes the verdict',
    async run(lab) {
      await lab.tab.click(
        `const all = (s, r = document) => [...r.querySelectorAll(s), ...[...r.querySelectorAll('*')].flatMap((e) => e.shadowRoot ? all(s, e.shadowRoot) : [])];
         return all('[aria-label="robots.txt"] .cm-line')[1]`,
      );
      await lab.tab.press('End');
      await lab.tab.type('x');
      await until('the file to read /prx', async () => (await lab.editorText()).endsWith('Disallow: /prx'));
      await expectCell(lab, 0, 0, 'Allowed', 0);
    },
  },
  {
    name: '1,000 pasted URLs are all judged',
    async run(lab) {
      await lab.pasteUrls(THOUSAND);
      await lab.waitForStatus('1,000 URLs ×');
      await expectCell(lab, 0, 0, 'Allowed', 0);
    },
  },
  {
    name: 'Before / after shows the deployed and the edited file',
    async run(lab) {
      await lab.clickTab('Before / after');
      await until('the deployed editor', () => lab.hasTextbox('Deployed robots.txt'));
      await until('the edited editor', () => lab.hasTextbox('Edited robots.txt'));
      await lab.clickTab('Results');
    },
  },
  {
    name: 'a reload keeps the file and the URL list',
    async run(lab) {
      // No flush asked for: the page writes what it keeps as it goes away, which is what is checked.
      await lab.tab.reload();
      await lab.waitForStatus('1,000 URLs ×');
      expectEqual('the robots.txt after a reload', await lab.editorText(), `${ROBOTS}x`);
    },
  },
  {
    name: 'a share link reaches the clipboard',
    async run(lab, { carry }) {
      await lab.clickButton('Copy share link');
      const said = await until('the share status', async () =>
        (await lab.statusLines()).find((s) => s.startsWith('Share link')),
      );
      if (!said.startsWith('Share link copied')) throw new Error(`not copied: ${said}`);
      const link = await lab.href();
      if (!link.includes('#s=v1.')) throw new Error(`no link in the address bar: ${link}`);
      expectEqual('the clipboard', await lab.readClipboard(), link);
      carry.set('link', link);
      // WebKitWebDriver drives one session at a time: this tab ends here, after its own error check.
      const errors = await lab.errors();
      if (errors.length > 0) throw new Error(`the page reported: ${errors.join(' | ')}`);
      await lab.close();
    },
  },
  {
    name: 'the link opens the same work in a fresh profile',
    async run(_, { driver, carry }) {
      const fresh = new LabTab(await driver.newTab(VIEWPORT));
      try {
        await fresh.tab.goto(carry.get('link')!);
        // Watched from the first frame: the next story judges it.
        const overlap = await fresh.rowOverlap(1500);
        carry.set('overlap', JSON.stringify(overlap));
        await until('the shared file', async () => (await fresh.editorText()) === `${ROBOTS}x`);
        await fresh.waitForStatus('1,000 URLs ×');
        await expectCell(fresh, 0, 0, 'Allowed', 0);
        const errors = await fresh.errors();
        if (errors.length > 0) throw new Error(`errors in the fresh profile: ${errors.join(' | ')}`);
      } finally {
        await fresh.close();
      }
    },
  },
  {
    name: 'result rows never overlap while the shared work opens',
    async run(_, { carry }) {
      const overlap = JSON.parse(carry.get('overlap')!) as { worst: number; frames: number; seen: number };
      if (overlap.seen === 0) throw new Error('no result rows were drawn');
      if (overlap.worst > 0.5)
        throw new Error(
          `rows overlapped by up to ${overlap.worst.toFixed(1)} px in ${overlap.frames} of ${overlap.seen} frames`,
        );
    },
  },
];

/** The outcome of one story in one engine. */
export interface StoryResult {
  engine: string;
  story: string;
  ms: number;
  error?: string;
}

/**
 * Runs every story in order in a fresh tab of `driver`; after each, the
 * page must have reported no error. A failed story stops the engine's run
 * (later stories build on it) and leaves a screenshot.
 */
export async function runStories(driver: EngineDriver, base: string, shots: string): Promise<StoryResult[]> {
  const results: StoryResult[] = [];
  const context: StoryContext = { driver, base, shots, carry: new Map() };
  const lab = new LabTab(await driver.newTab(VIEWPORT));
  try {
    for (const story of STORIES) {
      const t0 = Date.now();
      try {
        await story.run(lab, context);
        const errors = lab.closed ? [] : await lab.errors();
        if (errors.length > 0) throw new Error(`the page reported: ${errors.join(' | ')}`);
        results.push({ engine: driver.engine, story: story.name, ms: Date.now() - t0 });
      } catch (e) {
        results.push({ engine: driver.engine, story: story.name, ms: Date.now() - t0, error: String(e) });
        if (!lab.closed) await lab.tab.screenshot(`${shots}/${driver.engine}-failed.png`).catch(() => undefined);
        break;
      }
    }
  } finally {
    await lab.close();
  }
  return results;
}
