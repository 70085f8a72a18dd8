import { type Download, expect, type Locator, type Page } from '@playwright/test';

/** Importing URL lists, filtering, sorting, searching, totals and exports of the verdict table. */
export class BulkTools {
  readonly fileInput: Locator;
  readonly dropZone: Locator;
  readonly importNote: Locator;
  readonly csvDialog: Locator;
  readonly csvColumn: Locator;
  readonly search: Locator;
  readonly verdict: Locator;
  readonly crawler: Locator;
  readonly normalisedOnly: Locator;
  readonly sort: Locator;
  readonly ruleFilter: Locator;
  readonly viewCount: Locator;
  readonly totals: Locator;
  readonly ruleBars: Locator;
  readonly restarted: Locator;

  constructor(private readonly page: Page) {
    this.fileInput = page.getByTestId('url-file');
    this.dropZone = page.getByTestId('url-drop-zone');
    this.importNote = page.getByTestId('import-note');
    this.csvDialog = page.getByRole('dialog', { name: /Which column holds the URLs/ });
    this.csvColumn = this.csvDialog.getByRole('combobox');
    this.search = page.getByRole('searchbox', { name: 'Search URLs' });
    this.verdict = page.getByRole('combobox', { name: 'Verdict' });
    this.crawler = page.getByRole('combobox', { name: 'For crawler' });
    this.normalisedOnly = page.getByRole('checkbox', { name: 'Changed by normalisation' });
    this.sort = page.getByRole('combobox', { name: 'Sort' });
    this.ruleFilter = page.getByTestId('filter-rule');
    this.viewCount = page.getByTestId('view-count');
    this.totals = page.getByTestId('totals');
    this.ruleBars = page.getByTestId('rule-bar');
    this.restarted = page.getByTestId('run-restarted');
  }

  /** Picks a file with the "Load a file…" button. */
  async pickFile(name: string, content: string | Buffer, mimeType = 'text/plain'): Promise<void> {
    await this.fileInput.setInputFiles({
      name,
      mimeType,
      buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
    });
  }

  /** Drops a file on the URL list, as a drag from the desktop would. */
  async dropFile(name: string, content: string, mimeType = 'text/plain'): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      ([n, c, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([c], n, { type: t }));
        return dt;
      },
      [name, content, mimeType] as const,
    );
    await this.dropZone.dispatchEvent('dragover', { dataTransfer });
    await this.dropZone.dispatchEvent('drop', { dataTransfer });
  }

  /** Opens the Totals tab of the answer's panel (totals and the rule chart live there). */
  async showTotals(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Totals' }).click();
    await expect(this.totals).toBeVisible();
  }

  /** Clicks an export button and returns the downloaded file's text. */
  async export(format: 'CSV' | 'JSON'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Export ${format}` }).click(),
    ]);
    return { name: download.suggestedFilename(), text: await readDownload(download) };
  }

  /** The typed URLs of the rows the table shows (the table is small enough to render them all). */
  /**
   * The URLs of the table's rows, in the order shown. The grid is virtualized
   * (rows out of view are not in the page), so it is scrolled from top to
   * bottom and each row read once, by its position (aria-rowindex).
   */
  async shownUrls(): Promise<string[]> {
    return this.page.getByTestId('results-grid').evaluate(async (grid) => {
      const byPosition = new Map<number, string>();
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const read = () => {
        for (const row of grid.querySelectorAll('[data-testid="result-row"]')) {
          // Rows under a shared origin show only their path; data-url holds the URL as typed.
          const url = row.querySelector('[data-testid="url-typed"]')?.getAttribute('data-url') ?? '';
          byPosition.set(Number(row.getAttribute('aria-rowindex')), url);
        }
      };
      const start = grid.scrollTop;
      grid.scrollTop = 0;
      await frame();
      read();
      while (grid.scrollTop + grid.clientHeight < grid.scrollHeight - 1) {
        const before = grid.scrollTop;
        grid.scrollTop += Math.max(1, grid.clientHeight - 60);
        await frame();
        read();
        if (grid.scrollTop === before) break;
      }
      grid.scrollTop = start;
      return [...byPosition.entries()].sort((a, b) => a[0] - b[0]).map(([, url]) => url);
    });
  }

  async expectShown(urls: string[]): Promise<void> {
    await expect.poll(() => this.shownUrls()).toEqual(urls);
  }
}

async function readDownload(d: Download): Promise<string> {
  const stream = await d.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
