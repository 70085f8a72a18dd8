import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AiLensPanel } from './pages/AiLensPanel';
import { LabPage } from './pages/LabPage';

// Expected values are written by hand from docs/behaviour.md §5 (which group
// a crawler obeys) and §15 (preferences apply only where the crawler may
// fetch; a crawler reads the preference lines of the groups it obeys), with
// the catalogue's operators and categories (src/core/profiles.ts).

const FILE = [
  'User-agent: *',
  'Allow: /',
  'Content-Signal: search=yes, ai-input=yes, ai-train=no',
  '',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Disallow: /',
  '',
  'User-agent: CCBot',
  'Allow: /',
  'Content-Usage: / train-ai=y',
  '',
].join('\n');

/** Collects the Content-Security-Policy violations Chromium reports on the console (the page runs under a strict policy). */
function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function openLens(page: Page) {
  const csp = watchCsp(page);
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(FILE);
  const ai = new AiLensPanel(page);
  await ai.open();
  return { lab, ai, csp };
}

test('a site owner pastes AI groups and preference lines and reads, per purpose, who may do what and which line says so', async ({
  page,
}) => {
  const { lab, ai, csp } = await openLens(page);
  // Training: GPTBot's group disallows everything (line 7); ClaudeBot too, but
  // anthropic-ai reads the * group's ai-train=no (line 3); CCBot's own group
  // says train-ai=y (line 11); every other training crawler and control token
  // reads the * group.
  await expect(ai.bucket('ai-train', 'blocked')).toHaveText(['OpenAI line 7']);
  await expect(ai.bucket('ai-train', 'disallowed')).toHaveText([
    'Google line 3',
    'Apple line 3',
    'ByteDance line 3',
    'Meta line 3',
    'Cohere line 3',
    'Moonshot AI line 3',
    'Mistral AI line 3',
  ]);
  await expect(ai.bucket('ai-train', 'allowed')).toHaveText(['Common Crawl line 11']);
  await expect(ai.bucket('ai-train', 'mixed')).toHaveText([
    'Anthropic: ClaudeBot blocked line 7; anthropic-ai not allowed line 3',
  ]);
  await expect(ai.purpose('ai-train')).toContainText('blocked (may not fetch) for');
  // Answers: OAI-SearchBot, Claude-SearchBot, PerplexityBot, Amazonbot read the * group's ai-input=yes.
  await expect(ai.bucket('ai-input', 'allowed')).toContainText(['Perplexity line 3', 'Amazon line 3']);
  // Search: every search engine reads search=yes in the * group.
  await expect(ai.bucket('search', 'allowed')).toHaveText([
    'Google line 3',
    'Microsoft line 3',
    'Apple line 3',
    'DuckDuckGo line 3',
    'Yandex line 3',
    'Baidu line 3',
    'Diffbot line 3',
  ]);

  // Every cell is one click from its line.
  await ai.cell('ai-train', 'Common Crawl').getByTestId('matrix-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [11] });
  await ai.cell('ai-train', 'OpenAI').getByTestId('matrix-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [7] });
  await shoot(page, 'matrix', ai.purpose('ai-train'));
  expect(csp).toEqual([]);
  await expectNoAxeViolations(page, '[data-testid="ai-lens"]');
});

test('what is contradictory in the AI preferences is listed in the AI tab, each with its line', async ({ page }) => {
  const csp = watchCsp(page);
  const lab = new LabPage(page);
  await lab.open();
  // ai-train=no is said to * only, while GPTBot's own group allows everything (it reads nothing from *);
  // PerplexityBot, an answer engine, is blocked by its own group (docs/lint-codes.md).
  await lab.editor.replaceText(
    'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n\nUser-agent: PerplexityBot\nDisallow: /\n',
  );
  const ai = new AiLensPanel(page);
  await ai.open();
  const notes = page.getByTestId('ai-note');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toHaveAttribute('data-code', 'ai-train-contradiction');
  await expect(notes.nth(0)).toContainText('GPTBot has a group of its own that allows everything');
  await expect(notes.nth(1)).toHaveAttribute('data-code', 'answer-engine-blocked');
  await notes.nth(1).getByTestId('ai-note-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [9] });
  await notes.nth(0).getByTestId('ai-note-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [2] });
  await shoot(page, 'notes', page.getByTestId('ai-notes'));
  expect(csp).toEqual([]);
});

test('Block AI training edits the existing CCBot group, shows it in the diff, and after Apply the AI tab says training is blocked for everyone', async ({
  page,
}) => {
  const { lab, ai, csp } = await openLens(page);
  // The intents come first in the tab: above the matrix.
  const intentsBox = await page.getByTestId('ai-intents').boundingBox();
  const matrixBox = await page.getByTestId('ai-matrix').boundingBox();
  expect(intentsBox!.y).toBeLessThan(matrixBox!.y);
  const intent = ai.intent('block-training');
  await intent.getByTestId('intent-preview').click();
  // CCBot's own group (line 9) allows everything: the intent edits that group rather than leaving it alone.
  await expect(intent.getByTestId('intent-edited')).toHaveText([
    'The group of line 9 (CCBot) now blocks everything: its Allow lines are removed and Disallow: / is in place.',
  ]);
  const diff = intent.getByTestId('intent-diff');
  await expect(diff.getByTestId('diff-removed').locator('code')).toHaveText(['Allow: /']);
  await expect(diff.getByTestId('diff-added').locator('code')).toHaveText([
    'Content-Usage: / train-ai=n, ai-use=y, search=y',
    'Disallow: /',
    '',
    'User-agent: Google-Extended',
    'User-agent: Applebot-Extended',
    'User-agent: anthropic-ai',
    'User-agent: Bytespider',
    'User-agent: meta-externalagent',
    'User-agent: cohere-ai',
    'User-agent: KimiBot',
    'User-agent: MistralAI-Training',
    'Disallow: /',
  ]);
  // Seeing the diff changed nothing.
  expect(await lab.editor.text()).toBe(FILE);
  await shoot(page, 'intent-diff', intent);
  await expectNoAxeViolations(page, '[data-testid="ai-intents"]');

  await intent.getByTestId('intent-apply').click();
  await expect(intent.getByTestId('intent-note')).toContainText('Applied as one edit');
  const after = [
    'User-agent: *',
    'Allow: /',
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    'Content-Usage: / train-ai=n, ai-use=y, search=y',
    '',
    'User-agent: GPTBot',
    'User-agent: ClaudeBot',
    'Disallow: /',
    '',
    'User-agent: CCBot',
    'Disallow: /',
    'Content-Usage: / train-ai=y',
    '',
    'User-agent: Google-Extended',
    'User-agent: Applebot-Extended',
    'User-agent: anthropic-ai',
    'User-agent: Bytespider',
    'User-agent: meta-externalagent',
    'User-agent: cohere-ai',
    'User-agent: KimiBot',
    'User-agent: MistralAI-Training',
    'Disallow: /',
    '',
  ].join('\n');
  await expect.poll(() => lab.editor.text()).toBe(after);
  // What the label promised: training blocked for every operator; search and answers allowed by line 3.
  // The new group's Disallow: / is line 22; GPTBot's and ClaudeBot's is line 8, CCBot's edited group line 11.
  await expect(ai.bucket('ai-train', 'blocked')).toHaveText([
    'Google line 22',
    'Apple line 22',
    'OpenAI line 8',
    'Anthropic: ClaudeBot line 8; anthropic-ai line 22',
    'Common Crawl line 11',
    'ByteDance line 22',
    'Meta line 22',
    'Cohere line 22',
    'Moonshot AI line 22',
    'Mistral AI line 22',
  ]);
  await expect(ai.purpose('ai-train').getByTestId('matrix-bucket')).toHaveCount(1);
  await expect(ai.bucket('search', 'allowed')).toHaveCount(7);
  await expect(ai.purpose('search').getByTestId('matrix-bucket')).toHaveCount(1);
  await expect(ai.bucket('ai-input', 'allowed')).toHaveText([
    'Google line 3',
    'DuckDuckGo line 3',
    'OpenAI line 3',
    'Anthropic line 3',
    'Perplexity line 3',
    'Amazon line 3',
    'Moonshot AI line 3',
    'Diffbot line 3',
    'Mistral AI line 3',
  ]);
  await expect(ai.purpose('ai-input').getByTestId('matrix-bucket')).toHaveCount(1);

  await lab.editor.content.focus();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(() => lab.editor.text()).toBe(FILE);
  expect(csp).toEqual([]);
});

test("Block AI training and AI answers, keep search keeps Google's testing tool allowed: it is search, not an AI fetcher", async ({
  page,
}) => {
  const { lab, ai, csp } = await openLens(page);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Google-InspectionTool', 'google-inspectiontool');
  await lab.inputs.chooseProfile('ChatGPT-User', 'chatgpt-user');
  await lab.inputs.robotsUrl.fill('');
  await lab.inputs.setUrls(['/']);
  const intent = ai.intent('block-ai-keep-search');
  await intent.getByTestId('intent-preview').click();
  await expect(intent.getByTestId('intent-diff').getByTestId('diff-added').locator('code')).not.toContainText([
    'User-agent: Google-InspectionTool',
  ]);
  await intent.getByTestId('intent-apply').click();
  await expect(intent.getByTestId('intent-note')).toContainText('Applied as one edit');
  await expect.poll(() => lab.editor.text()).toContain('User-agent: ChatGPT-User');
  expect(await lab.editor.text()).not.toContain('Google-InspectionTool');
  // No group names it or Googlebot: it obeys the * group, whose Allow: / (line 2) lets it fetch (§5, §7);
  // ChatGPT-User, a user's fetch for AI answers, is blocked by the intent's new group.
  await lab.results.expectFinished(1, 2);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 2 });
  await expect.poll(async () => (await lab.results.verdictOf(0, 1)).verdict).toBe('Blocked');
  await expect(ai.bucket('search', 'allowed')).toHaveCount(7);
  expect(csp).toEqual([]);
});

test('an intent that would change another crawler is not offered, and says why', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Blank lines do not end a group: a group appended after "User-agent: Foo" would block Foo too.
  await lab.editor.replaceText('User-agent: *\nDisallow: /x\n\nUser-agent: Foo\n');
  const ai = new AiLensPanel(page);
  await ai.open();
  const intent = ai.intent('block-training');
  await intent.getByTestId('intent-preview').click();
  await expect(intent.getByTestId('intent-refused')).toHaveText(
    "The page cannot write this safely: Foo's verdict at / would change. Edit the file by hand.",
  );
  await expect(intent.getByTestId('intent-diff')).toHaveCount(0);
  await expect(intent.getByTestId('intent-apply')).toBeDisabled();
});

test('the crawler picker groups profiles by purpose, is one tab stop, and offers the real token for a misspelt one', async ({
  page,
}) => {
  const csp = watchCsp(page);
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  const list = page.getByTestId('profile-list');
  const heads = list.getByTestId('profile-group-head');
  await expect(heads).toHaveText([
    'Search index',
    'AI training',
    'AI answers and grounding',
    'User-triggered fetches',
    'Control tokens (no crawler of their own)',
    'Ads',
    'Other',
  ]);
  // GPTBot is the first profile under AI training.
  await expect(heads.nth(1).locator('xpath=following-sibling::li[1]')).toContainText('GPTBot');

  // One tab stop: from the search field, Tab lands on a box (the one last focused), Home goes to the first.
  await page.getByTestId('crawler-search').focus();
  await page.keyboard.press('Tab');
  await expect(list.locator('input[type=checkbox]:focus')).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(page.getByTestId('crawler-googlebot')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('crawler-googlebot-image')).toBeFocused();
  // Space ticks it; it moves up to the chosen section and keeps the focus.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('crawler-googlebot-image')).toBeChecked();
  await expect(page.getByTestId('crawler-googlebot-image')).toBeFocused();
  await expect(page.getByTestId('crawler-googlebot')).not.toBeChecked();
  await expect(heads.first()).toHaveText('Chosen, in the table’s column order');
  await page.keyboard.press('End');
  await expect(list.locator('input[type=checkbox]').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('crawler-googlebot-image')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('crawler-googlebot')).toBeFocused();
  // Ticked, Googlebot joins the chosen section after Googlebot-Image; unticked, it goes back; the focus stays on it.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('crawler-googlebot')).toBeChecked();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('crawler-googlebot')).not.toBeChecked();
  await expect(page.getByTestId('crawler-googlebot')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('token-input')).toBeFocused();
  // Back into the list: the box last focused keeps the tab stop.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('crawler-googlebot')).toBeFocused();

  // A misspelt token offers the catalogue's real one.
  await page.getByTestId('token-input').fill('Claude-Bot');
  await expect(page.getByTestId('token-meant')).toContainText('Did you mean ClaudeBot (Anthropic)?');
  await shoot(page, 'token-meant', page.getByTestId('token-meant'));
  await page.getByTestId('token-meant-use').click();
  await expect(page.getByTestId('crawler-claudebot')).toBeChecked();
  await expect(page.getByTestId('token-input')).toHaveValue('');
  // Added as typed anyway, the chip offers the fix.
  await page.getByTestId('token-input').fill('CloudVertexBot');
  await page.getByTestId('token-add').click();
  await page.getByTestId('token-chip-fix').click();
  await expect(page.getByTestId('crawler-google-cloudvertexbot')).toBeChecked();
  await expect(page.getByTestId('token-chip')).toHaveCount(0);
  await shoot(page, 'picker', page.getByTestId('crawler-picker'));
  expect(csp).toEqual([]);
  await expectNoAxeViolations(page, '[data-testid="crawler-picker"]');
});

/** axe-core's WCAG 2 A and AA rules on one part of the page: no violation. */
async function expectNoAxeViolations(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots for a human look (not assertions) at the three sizes the page is made for; no page-wide horizontal scroll. */
async function shoot(page: Page, name: string, focus: ReturnType<Page['getByTestId']>) {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (!process.env.AI_SHOTS) continue;
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots-ai/${name}-${w}.png` });
  }
}
