import { expect, type Locator, type Page } from '@playwright/test';

/** The robots.txt editor (CodeMirror), as a user sees and uses it. */
export class EditorPanel {
  readonly content: Locator;
  readonly stats: Locator;

  constructor(private readonly page: Page) {
    this.content = page.getByRole('textbox', { name: 'robots.txt', exact: true });
    this.stats = page.getByTestId('file-stats');
  }

  /** Drops a file of these bytes on the editor, as a user drags one from the desktop. */
  async dropFile(name: string, bytes: readonly number[]): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      ([n, b]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(b)], n, { type: 'text/plain' }));
        return dt;
      },
      [name, bytes] as const,
    );
    await this.content.dispatchEvent('dragover', { dataTransfer: transfer });
    await this.content.dispatchEvent('drop', { dataTransfer: transfer });
  }

  /** Replaces the whole robots.txt, as a paste would. */
  async replaceText(text: string): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
    await this.page.keyboard.press('Escape'); // close a completion popup, if any
  }

  /** The editor's text, read from its lines (the example files are small enough to be fully rendered). */
  async text(): Promise<string> {
    return this.content.evaluate((el) =>
      Array.from(el.querySelectorAll('.cm-line'), (l) => l.textContent ?? '').join('\n'),
    );
  }

  /** The computed colour of the first text inside `line` that holds `text` ('' when none does). */
  colourOf(line: Locator, text: string): Promise<string> {
    return line.evaluate((el, t) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        if (n.textContent?.includes(t)) return getComputedStyle(n.parentElement!).color;
      return '';
    }, text);
  }

  /** Whether `text` inside `line` has a colour of its own (a syntax colour), not the line's. */
  async isColoured(line: Locator, text: string): Promise<boolean> {
    const own = await this.colourOf(line, text);
    return own !== '' && own !== (await line.evaluate((el) => getComputedStyle(el).color));
  }

  /** 1-based numbers of the lines that carry `className`. */
  async linesWith(className: string): Promise<number[]> {
    return this.content.evaluate(
      (el, cls) =>
        Array.from(el.querySelectorAll('.cm-line'))
          .map((l, i) => (l.classList.contains(cls) ? i + 1 : 0))
          .filter((n) => n > 0),
      className,
    );
  }

  /** Lines of the obeyed group (`.cm-rl-group`) and the deciding rule's line (`.cm-rl-rule`), together. */
  async highlight(): Promise<{ group: number[]; rule: number[] }> {
    return { group: await this.linesWith('cm-rl-group'), rule: await this.linesWith('cm-rl-rule') };
  }

  async expectHighlight(expected: { group: number[]; rule: number[] }): Promise<void> {
    await expect.poll(() => this.highlight()).toEqual(expected);
  }

  /** Clicks the deciding-line marker shown beside `line`. */
  async clickDecidingMarker(line: number): Promise<void> {
    const box = await this.content
      .locator('.cm-line')
      .nth(line - 1)
      .boundingBox();
    if (!box) throw new Error(`line ${line} is not rendered`);
    const marker = this.page.locator('.cm-rl-decides');
    const count = await marker.count();
    for (let i = 0; i < count; i++) {
      const m = await marker.nth(i).boundingBox();
      if (m && Math.abs(m.y + m.height / 2 - (box.y + box.height / 2)) < box.height / 2) {
        await marker.nth(i).click();
        return;
      }
    }
    throw new Error(`no deciding marker beside line ${line}`);
  }
}
