import { expect, type Locator, type Page } from '@playwright/test';

/** The "Before / after" view: the deployed file, the merge view, the flips and the snapshots. */
export class BeforeAfterPanel {
  readonly tab: Locator;
  readonly deployed: Locator;
  readonly edited: Locator;
  readonly headline: Locator;
  readonly newlyBlocked: Locator;
  readonly newlyAllowed: Locator;
  readonly flips: Locator;
  readonly notice: Locator;

  constructor(private readonly page: Page) {
    this.tab = page.getByRole('tab', { name: /Before \/ after/ });
    this.deployed = page.getByRole('textbox', { name: 'Deployed robots.txt' });
    this.edited = page.getByRole('textbox', { name: 'Edited robots.txt' });
    this.headline = page.getByTestId('flip-headline');
    this.newlyBlocked = page.getByTestId('flip-total-blocked');
    this.newlyAllowed = page.getByTestId('flip-total-allowed');
    this.flips = page.getByTestId('flip');
    this.notice = page.getByTestId('deploy-notice');
  }

  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.deployed).toBeVisible();
  }

  /** Replaces the deployed file, as a paste would. */
  async pasteDeployed(text: string): Promise<void> {
    await this.deployed.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The flip for `url` × `crawler` (exactly one). */
  flip(url: string, crawler: string): Locator {
    return this.flips.filter({ has: this.page.getByRole('button', { name: `${url} for ${crawler},`, exact: false }) });
  }

  /** The counts of one crawler (its column in the counts): [newly blocked, newly allowed]. */
  async countsOf(crawler: string): Promise<string[]> {
    const names = await this.page.getByTestId('flip-count-crawler').allTextContents();
    const col = names.indexOf(crawler);
    expect(col, `${crawler} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
    const rows = this.page.getByTestId('flip-count-row');
    return Promise.all(
      ['allowed-to-blocked', 'blocked-to-allowed'].map(
        async (kind) =>
          (await rows
            .and(this.page.locator(`[data-kind="${kind}"]`))
            .getByRole('cell')
            .nth(col)
            .textContent()) ?? '',
      ),
    );
  }

  async saveSnapshot(name: string): Promise<void> {
    await this.page.getByTestId('snapshots').locator('summary').click();
    await this.page.getByTestId('snapshot-name').fill(name);
    await this.page.getByTestId('snapshot-save').click();
    await expect(this.page.getByTestId('snapshot').filter({ hasText: name })).toBeVisible();
  }

  async restoreSnapshot(name: string): Promise<void> {
    await this.page.getByTestId('snapshot').filter({ hasText: name }).getByTestId('snapshot-restore').click();
  }
}
