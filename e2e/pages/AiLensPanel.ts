import { expect, type Locator, type Page } from '@playwright/test';

/** The dock's AI tab: the purposes × operators matrix and the intents' suggestions. */
export class AiLensPanel {
  readonly tab: Locator;
  readonly lens: Locator;

  constructor(page: Page) {
    this.tab = page.getByTestId('dock-ai');
    this.lens = page.getByTestId('ai-lens');
  }

  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.lens).toBeVisible();
  }

  /** One purpose's sentence (search, ai-input, ai-train, use). */
  purpose(purpose: string): Locator {
    return this.lens.locator(`[data-testid="matrix-purpose"][data-purpose="${purpose}"]`);
  }

  /** The operators in one bucket of a purpose's sentence, as shown. */
  bucket(purpose: string, state: string): Locator {
    return this.purpose(purpose)
      .locator(`[data-testid="matrix-bucket"][data-state="${state}"]`)
      .getByTestId('matrix-cell');
  }

  /** An operator's cell for a purpose. */
  cell(purpose: string, operator: string): Locator {
    return this.purpose(purpose).locator(`[data-testid="matrix-cell"][data-operator="${operator}"]`);
  }

  intent(intent: string): Locator {
    return this.lens.locator(`[data-testid="intent"][data-intent="${intent}"]`);
  }
}
