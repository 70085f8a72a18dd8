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

  /** Opens the page (with `query`, e.g. "?s=…" for a share link) and waits for the first verdicts. */
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

  /** Opens the header's menu (the example, state files, forgetting stored data, the theme). */
  async openMenu(): Promise<void> {
    const menu = this.page.getByTestId('header-menu');
    if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
    await expect(menu).toHaveAttribute('open', '');
  }

  workerNotice() {
    return this.page.getByTestId('worker-notice');
  }

  /**
   * What the page keeps in IndexedDB under `key` (undefined when nothing),
   * with a Blob, or a Blob property, read into its bytes so it can leave the page.
   */
  storedValue(key: string): Promise<unknown> {
    return this.page.evaluate(
      (k) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('robots-lab', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('values');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('values').objectStore('values').get(k);
            get.onerror = () => reject(get.error);
            get.onsuccess = async () => {
              open.result.close();
              const bytes = async (b: Blob) => Array.from(new Uint8Array(await b.arrayBuffer()));
              const v: unknown = get.result;
              if (v instanceof Blob) return resolve(await bytes(v));
              if (typeof v !== 'object' || v === null) return resolve(v);
              const out: Record<string, unknown> = {};
              for (const [name, field] of Object.entries(v))
                out[name] = field instanceof Blob ? await bytes(field) : field;
              resolve(out);
            };
          };
        }),
      key,
    );
  }
}
