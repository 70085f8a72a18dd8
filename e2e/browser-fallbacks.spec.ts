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

test('without constructable stylesheets each editor says it cannot be styled', async ({ browser }) => {
  const context = await browser.newContext();
  await without(context, ['ShadowRoot.adoptedStyleSheets', 'Document.adoptedStyleSheets']);
  const page = await context.newPage();
  const lab = new LabPage(page);
  await lab.open();
  expect(await page.evaluate(() => 'adoptedStyleSheets' in document)).toBe(false);
  // The robots.txt editor and the URL list editor (its box shows once the inputs are open).
  await lab.inputs.show();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot style the editor' })).toHaveCount(2);
  // Verdicts still come: the page works, only the editors look plain.
  await expect(lab.results.status).toContainText('URLs ×');
  await context.close();
});

test('with constructable stylesheets no such message appears', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.getByText('cannot style the editor')).toHaveCount(0);
});
