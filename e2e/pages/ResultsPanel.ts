import { expect, type Locator, type Page } from '@playwright/test';

/** The URL × crawler verdict table and the explanation of the selected cell. */
export class ResultsPanel {
  readonly grid: Locator;
  readonly status: Locator;
  readonly explain: Locator;
  readonly explainReason: Locator;
  readonly explainGroup: Locator;
  readonly decidingList: Locator;

  constructor(page: Page) {
    this.grid = page.getByRole('grid', { name: /Verdicts/ });
    this.status = page.getByTestId('run-status');
    this.explain = page.getByTestId('explain');
    this.explainReason = page.getByTestId('explain-reason');
    this.explainGroup = page.getByTestId('explain-group');
    this.decidingList = page.getByTestId('deciding-list');
  }

  cell(row: number, col: number): Locator {
    return this.grid.locator(`[data-testid="cell"][data-row="${row}"][data-col="${col}"]`);
  }

  crawlerHeaders(): Locator {
    return this.grid.getByTestId('crawler-header');
  }

  rows(): Locator {
    return this.grid.getByTestId('result-row');
  }

  /** Waits until a run for `rows` URLs × `cols` crawlers has finished. */
  async expectFinished(rows: number, cols: number): Promise<void> {
    await expect(this.status).toContainText(
      `${rows.toLocaleString('en')} URL${rows === 1 ? '' : 's'} × ${cols} crawler${cols === 1 ? '' : 's'} evaluated`,
      // A million rows on a busy CI machine may take longer than the default wait (this is no speed test).
      { timeout: rows >= 100_000 ? 60_000 : undefined },
    );
  }

  /**
   * Scrolls the virtualized grid until row `row` (in the shown order) is
   * drawn: rows far from the view are not in the page at all.
   */
  async reveal(row: number, col = 0): Promise<void> {
    const cell = this.cell(row, col);
    await expect(async () => {
      if ((await cell.count()) === 0) {
        // Rows are about 46 px tall before they are measured; overscan draws a few either side.
        await this.grid.evaluate((el, r) => {
          el.scrollTop = Math.max(0, r * 46 - el.clientHeight / 2);
        }, row);
      }
      await expect(cell).toBeAttached({ timeout: 500 });
    }).toPass();
  }

  /** What a cell shows: "Allowed" / "Blocked" / …, and its deciding line (0 when none). */
  async verdictOf(row: number, col: number): Promise<{ verdict: string; line: number }> {
    await this.reveal(row, col);
    const cell = this.cell(row, col);
    const verdict = ((await cell.locator('.verdict').textContent()) ?? '').replace(/^[^A-Za-z]+/, '').trim();
    const line = Number((await cell.getAttribute('data-line')) ?? 0);
    return { verdict, line };
  }

  async select(row: number, col: number): Promise<void> {
    await this.cell(row, col).click();
    await expect(this.cell(row, col)).toHaveAttribute('aria-selected', 'true');
  }
}
