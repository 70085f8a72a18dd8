import { expect, type Locator, type Page } from '@playwright/test';

/** The inputs of a test: URL list, crawlers, robots.txt URL, fetch result, normalisation. */
export class TestPanel {
  readonly urlList: Locator;
  readonly robotsUrl: Locator;
  readonly fetchStatus: Locator;
  readonly fetchOutcome: Locator;
  readonly normalise: Locator;
  readonly crawlerSearch: Locator;
  readonly tokenInput: Locator;

  constructor(private readonly page: Page) {
    this.urlList = page.getByRole('textbox', { name: /URLs to test/ });
    this.robotsUrl = page.getByRole('textbox', { name: /robots\.txt URL/ });
    this.fetchStatus = page.getByRole('combobox', { name: 'The server answered' });
    this.fetchOutcome = page.getByTestId('fetch-outcome');
    this.normalise = page.getByRole('checkbox', { name: /Normalise URLs/ });
    this.crawlerSearch = page.getByRole('searchbox', { name: 'Search crawlers' });
    this.tokenInput = page.getByRole('textbox', { name: 'Any other product token' });
  }

  /** Unfolds the inputs panel (it starts folded on a short wide screen, to give the verdicts the room). */
  async show(): Promise<void> {
    const toggle = this.page.getByTestId('inputs-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** Folds the inputs panel into its one-line summary. */
  async hide(): Promise<void> {
    const toggle = this.page.getByTestId('inputs-toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }

  /** Replaces the URL list, as a paste would. */
  async setUrls(urls: readonly string[]): Promise<void> {
    await this.urlList.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(urls.join('\n'));
  }

  /** The URL list's text (small lists are fully rendered), read as a user would: with the inputs open. */
  async urlText(): Promise<string> {
    await this.show();
    return this.urlList.evaluate((el) =>
      Array.from(el.querySelectorAll('.cm-line'), (l) => l.textContent ?? '').join('\n'),
    );
  }

  profile(id: string): Locator {
    return this.page.getByTestId(`crawler-${id}`);
  }

  /** Unticks every chosen profile and removes typed tokens. */
  async clearCrawlers(): Promise<void> {
    const checked = this.page.locator('[data-testid^="crawler-"][type=checkbox]:checked');
    // From the keyboard, not a click: an unticked box moves to another section, and under load a
    // late re-render above the list could move the boxes between Playwright's aim and its click
    // (CI, 2026-11-23: "Clicking the checkbox did not change its state").
    for (let n = await checked.count(); n > 0; n--) {
      await checked.first().focus();
      await this.page.keyboard.press('Space');
      await expect(checked).toHaveCount(n - 1);
    }
    const remove = this.page.getByRole('button', { name: /^Remove / });
    while ((await remove.count()) > 0) await remove.first().click();
  }

  /** Finds a profile through the search field and ticks it. */
  async chooseProfile(name: string, id: string): Promise<void> {
    await this.crawlerSearch.fill(name);
    await this.profile(id).check();
    await this.crawlerSearch.fill('');
    await expect(this.profile(id)).toBeChecked();
  }

  async addToken(token: string): Promise<void> {
    await this.tokenInput.fill(token);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
  }

  tokenChip(token: string): Locator {
    return this.page.getByTestId('token-chip').filter({ hasText: token });
  }
}
