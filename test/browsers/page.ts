/**
 * The tester page as the cross-browser stories see it: elements found by
 * role, accessible label and test id (through the editors' open shadow
 * roots), never by layout classes, and acted on with trusted input.
 */
import type { Tab } from './drivers';

/** In-page helpers every script starts with. */
const HELPERS = `
  const all = (sel, root = document) => {
    const out = [...root.querySelectorAll(sel)];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...all(sel, el.shadowRoot));
    return out;
  };
  const testId = (id) => all('[data-testid="' + id + '"]')[0] ?? null;
  const labelled = (label) =>
    all('[contenteditable][aria-label],input[aria-label],textarea[aria-label],[role=textbox][aria-label]').find(
      (el) => el.getAttribute('aria-label') === label,
    ) ?? null;
  const named = (role, name) =>
    all(role === 'button' ? 'button,[role=button]' : '[role=' + role + ']').find(
      (el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().startsWith(name),
    ) ?? null;
  const lines = (el) => [...el.querySelectorAll('.cm-line')];
`;

/** A script with the helpers in scope. */
export const script = (body: string) => `${HELPERS}\n${body}`;

const ROBOTS = 'robots.txt';
const URLS = 'URLs to test, one per line';

/** Polls `check` every 100 ms until it returns a truthy value, or fails with `what` after `ms`. */
export async function until<T>(what: string, check: () => Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The page, driven through one tab. */
export class LabTab {
  /** True once the tab is closed. */
  closed = false;

  constructor(readonly tab: Tab) {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.tab.close();
  }

  /** Opens `url` and waits for the first finished run. */
  async open(url: string): Promise<void> {
    await this.tab.goto(url);
    await this.waitForStatus('evaluated');
  }

  status(): Promise<string> {
    return this.tab.run(script(`return testId('run-status')?.textContent ?? ''`));
  }

  async waitForStatus(text: string, ms?: number): Promise<string> {
    return until(`the run status to say "${text}"`, async () => ((await this.status()).includes(text) ? text : ''), ms);
  }

  /** The text of an editor (by its label), from its drawn lines. */
  editorText(label = ROBOTS): Promise<string> {
    return this.tab.run(
      script(`const el = labelled(args[0]); return el ? lines(el).map((l) => l.textContent).join('\\n') : null;`),
      label,
    );
  }

  /** Focuses an editor with a click and empties it with the keyboard. */
  async clearEditor(label: string): Promise<void> {
    // The first line, not the middle of the content, which may lie below the editor's scrolled view.
    await this.tab.click(script(`return lines(labelled(args[0]))[0]`), label);
    await this.tab.press('Control+a');
    await this.tab.press('Delete');
  }

  /** Types lines into the focused editor; Escape before each line break closes a completion list. */
  async typeLines(text: string): Promise<void> {
    const parts = text.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]) await this.tab.type(parts[i]);
      if (i < parts.length - 1) {
        await this.tab.press('Escape');
        await this.tab.press('Enter');
      }
    }
    await this.tab.press('Escape');
  }

  /** Unfolds the test inputs (the URL list, crawlers, settings) when they are folded. */
  async showInputs(): Promise<void> {
    const expanded = () =>
      this.tab.run<string | null>(script(`return testId('inputs-toggle')?.getAttribute('aria-expanded') ?? null`));
    if ((await expanded()) !== 'true') await this.tab.click(script(`return testId('inputs-toggle')`));
    await until('the test inputs to unfold', async () => (await expanded()) === 'true');
  }

  async typeRobots(text: string): Promise<void> {
    await this.clearEditor(ROBOTS);
    await this.typeLines(text);
  }

  async typeUrls(text: string): Promise<void> {
    await this.showInputs();
    await this.clearEditor(URLS);
    await this.typeLines(text);
  }

  /**
   * Puts `text` on the system clipboard with a trusted click on a button
   * made for it, then pastes it over the URL list with Control+V: a real
   * paste, which a synthetic paste event cannot stand for in every engine.
   */
  async pasteUrls(text: string): Promise<void> {
    await this.tab.run(
      script(`
        const b = document.createElement('button');
        b.textContent = 'test: put on clipboard';
        b.style.cssText = 'position:fixed;top:0;left:0;z-index:99999';
        b.id = 'test-clipboard';
        b.onclick = () => {
          const blob = new Blob([args[0]], { type: 'text/plain' });
          const done = (ok) => { b.dataset.done = ok; };
          navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]).then(() => done('yes'), (e) => done(String(e)));
        };
        document.body.append(b);
      `),
      text,
    );
    await this.tab.click(`return document.getElementById('test-clipboard')`);
    const done = await until('the clipboard write', () =>
      this.tab.run<string | undefined>(`return document.getElementById('test-clipboard').dataset.done`),
    );
    await this.tab.run(`document.getElementById('test-clipboard').remove()`);
    if (done !== 'yes') throw new Error(`the test could not write the clipboard: ${done}`);
    await this.showInputs();
    await this.clearEditor(URLS);
    await this.tab.press('Control+v');
  }

  /** What a result cell shows, or null when it is not drawn. */
  cell(row: number, col: number): Promise<{ text: string; line: string | null; selected: string | null } | null> {
    return this.tab.run(
      script(`
        const c = all('[data-testid="cell"][data-row="' + args[0] + '"][data-col="' + args[1] + '"]')[0];
        return c ? { text: c.textContent, line: c.getAttribute('data-line'), selected: c.getAttribute('aria-selected') } : null;
      `),
      row,
      col,
    );
  }

  async clickCell(row: number, col: number): Promise<void> {
    await this.tab.click(
      script(`return all('[data-testid="cell"][data-row="' + args[0] + '"][data-col="' + args[1] + '"]')[0]`),
      row,
      col,
    );
  }

  /** 1-based robots.txt lines drawn with the obeyed group's and the deciding rule's highlight. */
  highlight(): Promise<{ group: number[]; rule: number[] }> {
    return this.tab.run(
      script(`
        const ls = lines(labelled('robots.txt'));
        const which = (cls) => ls.flatMap((l, i) => (l.classList.contains(cls) ? [i + 1] : []));
        return { group: which('cm-rl-group'), rule: which('cm-rl-rule') };
      `),
    );
  }

  /**
   * Watches the drawn result rows every frame, from the first frame that
   * has two of them (waiting up to 20 s) for `ms` more, and returns the
   * largest overlap seen between two neighbours in pixels (0 when rows
   * never overlap), with how many frames had any and how many were seen.
   */
  async rowOverlap(ms: number): Promise<{ worst: number; frames: number; seen: number }> {
    await this.tab.run(
      script(`
        const w = window;
        w.__overlap = { worst: 0, frames: 0, seen: 0, done: false };
        let end = performance.now() + 20000;
        let started = false;
        const frame = () => {
          const rows = all('[data-testid="result-row"]').map((r) => r.getBoundingClientRect()).sort((a, b) => a.top - b.top);
          let worst = 0;
          for (let i = 1; i < rows.length; i++) worst = Math.max(worst, rows[i - 1].bottom - rows[i].top);
          if (rows.length > 1) {
            w.__overlap.seen++;
            if (!started) end = performance.now() + args[0];
            started = true;
          }
          if (worst > 0.5) w.__overlap.frames++;
          w.__overlap.worst = Math.max(w.__overlap.worst, worst);
          if (performance.now() < end) requestAnimationFrame(frame);
          else w.__overlap.done = true;
        };
        requestAnimationFrame(frame);
        return null;
      `),
      ms,
    );
    return until(
      'the row watch',
      () =>
        this.tab.run<{ worst: number; frames: number; seen: number; done: boolean } | null>(
          `return window.__overlap.done ? window.__overlap : null`,
        ),
      30_000,
    );
  }

  explanation(): Promise<string | null> {
    return this.tab.run(script(`return testId('explain')?.textContent ?? null`));
  }

  async clickTab(name: string): Promise<void> {
    await this.tab.click(script(`return named('tab', args[0])`), name);
    await until(`the ${name} tab to be selected`, () =>
      this.tab.run<boolean>(script(`return named('tab', args[0])?.getAttribute('aria-selected') === 'true'`), name),
    );
  }

  hasTextbox(label: string): Promise<boolean> {
    return this.tab.run(script(`return labelled(args[0]) !== null`), label);
  }

  async clickButton(name: string): Promise<void> {
    await this.tab.click(script(`return named('button', args[0])`), name);
  }

  statusLines(): Promise<string[]> {
    return this.tab.run(script(`return all('[role=status]').map((s) => s.textContent)`));
  }

  href(): Promise<string> {
    return this.tab.run(`return location.href`);
  }

  /** Pastes the system clipboard into a scratch text field made for it and returns what arrived. */
  async readClipboard(): Promise<string> {
    await this.tab.run(`
      const t = document.createElement('textarea');
      t.id = 'test-paste';
      t.style.cssText = 'position:fixed;top:0;left:0;z-index:99999';
      document.body.append(t);
    `);
    await this.tab.click(`return document.getElementById('test-paste')`);
    await this.tab.press('Control+v');
    const text = await this.tab.run<string>(`return document.getElementById('test-paste').value`);
    await this.tab.run(`document.getElementById('test-paste').remove()`);
    return text;
  }

  /** What went wrong in the page: its own collected errors and the driver's. */
  async errors(): Promise<string[]> {
    const page = (await this.tab.run<string[] | null>(`return window.__pageErrors ?? null`)) ?? [
      'no error collector in the page (is this the test build?)',
    ];
    return [...page, ...this.tab.driverErrors()];
  }
}
