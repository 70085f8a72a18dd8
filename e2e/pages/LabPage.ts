import { expect, type Page } from '@playwright/test';
import { BulkTools } from './BulkTools';
import { EditorPanel } from './EditorPanel';
import { ResultsPanel } from './ResultsPanel';
import { TestPanel } from './TestPanel';

/** The whole tester page. */
export class LabPage {
  readonly editor: EditorPanel;
  readonly inputs: TestPanel;
  readonly results: ResultsPanel;
  readonly bulk: BulkTools;

  constructor(readonly page: Page) {
    this.editor = new EditorPanel(page);
    this.inputs = new TestPanel(page);
    this.results = new ResultsPanel(page);
    this.bulk = new BulkTools(page);
  }

  /** Opens the page (with `query`, e.g. "?debug") and waits for the first verdicts. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`./${query}`);
    await expect(this.editor.content).toBeVisible();
    await expect(this.results.status).toContainText('evaluated');
    await this.inputs.show();
  }

  /** Waits until the page's saved state (localStorage) holds `fragment`, then reloads. */
  async reloadAfterSave(fragment: string): Promise<void> {
    await expect.poll(() => this.page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain(fragment);
    await this.page.reload();
    await expect(this.results.status).toContainText('evaluated');
    await this.inputs.show();
  }

  workerNotice() {
    return this.page.getByTestId('worker-notice');
  }
}
