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

  /** The counts row of one crawler: [newly blocked, newly allowed]. */
  async countsOf(crawler: string): Promise<string[]> {
    const row = this.page
      .getByTestId('flip-count-row')
      .filter({ has: this.page.getByRole('rowheader', { name: crawler, exact: true }) });
    return row.getByRole('cell').allTextContents();
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
