import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Features some browsers in use lack, taken away in Chromium before the page
// loads: the page must still share, copy and open links, or say plainly
// what it cannot do.

const SHARED = 'User-agent: *\nDisallow: /fallback/\n';

/** Deletes globals (and prototype members) before any page script runs. */
async function without(context: BrowserContext, paths: string[]): Promise<void> {
  await context.addInitScript((names: string[]) => {
    for (const name of names) {
      const [owner, member] = name.split('.');
      if (member)
        delete (globalThis as unknown as Record<string, { prototype: object }>)[owner].prototype[member as never];
      else delete (globalThis as Record<string, unknown>)[owner];
    }
  }, paths);
}

async function copyLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Share link' })).toContainText('Share link copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

test('without CompressionStream or ClipboardItem a share link is still copied, and opens without them', async ({
  browser,
}) => {
  const gaps = ['CompressionStream', 'DecompressionStream', 'ClipboardItem'];
  const here = await browser.newContext();
  await here.grantPermissions(['clipboard-read', 'clipboard-write']);
  await without(here, gaps);
  const page = await here.newPage();
  const lab = new LabPage(page);
  await lab.open();
  expect(await page.evaluate(() => typeof CompressionStream + typeof ClipboardItem)).toBe('undefinedundefined');
  await lab.editor.replaceText(SHARED);
  await lab.inputs.setUrls(['/fallback/a', '/b']);
  await expect(lab.results.status).toContainText('2 URLs ×');
  const link = await copyLink(page);
  expect(link).toContain('#s=v1.');

  const there = await browser.newContext();
  await without(there, gaps);
  const other = new LabPage(await there.newPage());
  await other.page.goto(link);
  await expect.poll(() => other.editor.text()).toBe(SHARED);
  await other.inputs.show();
  await expect.poll(() => other.inputs.urlText()).toBe('/fallback/a\n/b');
  await here.close();
  await there.close();
});

test('the clipboard write starts inside the click, with the link still being made', async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Records how the page wrote: Safari accepts only a write started during the click.
  await context.addInitScript(() => {
    const w = window as unknown as { writes: string[] };
    w.writes = [];
    const write = navigator.clipboard.write.bind(navigator.clipboard);
    navigator.clipboard.write = (items) => {
      w.writes.push(navigator.userActivation.isActive ? 'write in gesture' : 'write late');
      return write(items);
    };
    const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text) => {
      w.writes.push('writeText');
      return writeText(text);
    };
  });
  const page = await context.newPage();
  const lab = new LabPage(page);
  await lab.open();
  const link = await copyLink(page);
  expect(link).toBe(page.url());
  expect(await page.evaluate(() => (window as unknown as { writes: string[] }).writes)).toEqual(['write in gesture']);
  await context.close();
});

/** Records every CSP violation and console error the page reports, from before its first script. */
async function watchErrors(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked`), true);
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

/** What the editors look like: CodeMirror's base theme, the page's theme and the syntax colours, as computed. */
async function editorLooks(lab: LabPage): Promise<Record<string, string>> {
  await lab.editor.replaceText('User-agent: *\nDisallow: /private/ # keep out\n');
  const line = lab.editor.content.locator('.cm-line', { hasText: 'Disallow' });
  const gutters = lab.page.getByTestId('robots-editor').locator('.cm-gutters');
  const gutter = (prop: string) => gutters.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
  const urlList = (prop: string) =>
    lab.inputs.urlList.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
  return {
    gutterDisplay: await gutter('display'),
    urlListGrow: await urlList('flex-grow'),
    urlListPadding: await urlList('padding-top'),
    gutterBackground: await gutter('background-color'),
    editorFont: await lab.editor.content.evaluate((el) => getComputedStyle(el).fontFamily),
    line: await line.evaluate((el) => getComputedStyle(el).color),
    key: await lab.editor.colourOf(line, 'Disallow'),
    path: await lab.editor.colourOf(line, '/private/'),
    comment: await lab.editor.colourOf(line, '# keep out'),
  };
}

test('without constructable stylesheets the editors look the same, and nothing trips the policy', async ({
  browser,
}) => {
  const normal = await browser.newContext();
  const reference = new LabPage(await normal.newPage());
  await reference.open();
  const styled = await editorLooks(reference);
  await normal.close();
  // Written by hand: what an unstyled editor would show instead.
  expect(styled.gutterDisplay).toBe('flex');
  expect(styled.urlListGrow).toBe('2');
  expect(new Set([styled.line, styled.key, styled.path, styled.comment]).size).toBe(4);

  const context = await browser.newContext();
  await without(context, ['ShadowRoot.adoptedStyleSheets', 'Document.adoptedStyleSheets']);
  const page = await context.newPage();
  const errors = await watchErrors(context, page);
  const lab = new LabPage(page);
  await lab.open();
  expect(await page.evaluate(() => 'adoptedStyleSheets' in document)).toBe(false);
  await expect.poll(() => editorLooks(lab)).toEqual(styled);
  await expect(page.getByText('cannot style the editor')).toHaveCount(0);
  expect(await errors()).toEqual([]);
  await context.close();
});

test('with constructable stylesheets no such message appears', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByText('cannot style the editor')).toHaveCount(0);
});
