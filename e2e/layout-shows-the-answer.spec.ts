import { expect, type Page, test } from '@playwright/test';
import { paste } from './fixtures/hostile';
import { LabPage } from './pages/LabPage';

// Issue 8 item 2: at every size the page has no sideways scroll, and selecting a cell shows its
// explanation on screen next to the verdicts.
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/**
 * Scroll areas inside other scroll areas (the page itself not counted): each
 * panel scrolls on its own or not at all, never a scroller in a scroller.
 * Elements that can scroll (overflow auto/scroll and more content than room)
 * are listed as "outer > inner" by test id, class or tag.
 */
async function nestedScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element) =>
      el.getAttribute('data-testid') ??
      (el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : el.tagName);
    const scrolls = (el: Element) => {
      const s = getComputedStyle(el);
      const y = /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
      const x = /(auto|scroll)/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
      return y || x;
    };
    const found: string[] = [];
    const all = Array.from(document.querySelectorAll('body *')).filter(scrolls);
    const roots: Node[] = [];
    // Editors live in shadow roots: look inside them too.
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    for (const root of roots) all.push(...Array.from((root as ShadowRoot).querySelectorAll('*')).filter(scrolls));
    for (const inner of all) {
      let up: Node | null = inner.parentNode;
      while (up) {
        if (up instanceof ShadowRoot) up = up.host;
        if (up instanceof Element && up !== document.body && up !== document.documentElement && all.includes(up)) {
          found.push(`${name(up)} > ${name(inner)}`);
          break;
        }
        up = up.parentNode;
      }
    }
    return found;
  });
}

async function inViewport(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.top < window.innerHeight && r.bottom > 0;
  });
}

/** True when the middle of the selected cell is on screen and not covered by anything (the pinned panel). */
async function selectedCellShows(page: Page): Promise<boolean> {
  return page.locator('[data-testid="cell"][aria-selected="true"]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && el.contains(hit);
  });
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} nothing scrolls sideways and a selected cell's explanation is on screen`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const lab = new LabPage(page);
    await lab.open();
    await noSidewaysScroll(page);

    // The example's row 4 is /search?q=shoes; Googlebot is blocked by line 8 (written by hand from the example).
    const cell = lab.results.cell(4, 0);
    await cell.scrollIntoViewIfNeeded();
    await lab.results.select(4, 0);
    await expect(lab.results.explainReason).toContainText('Blocked by line 8');
    expect(await inViewport(page, 'explain-reason'), 'explanation in the viewport').toBe(true);
    await expect.poll(() => selectedCellShows(page), { message: 'the selected cell is visible' }).toBe(true);
    await noSidewaysScroll(page);
    expect(await nestedScrollers(page), 'scroll areas inside scroll areas').toEqual([]);
    await page.screenshot({ path: `test-results/layout-${size.width}x${size.height}.png` });
  });
}

test('at 1280×720, with the inputs folded, at least ten result rows are visible with the explanation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.hide();
  await lab.results.select(0, 0);
  const visibleRows = await lab.results.grid.evaluate((grid) => {
    const g = grid.getBoundingClientRect();
    return Array.from(grid.querySelectorAll('[data-testid="result-row"]')).filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= g.top && r.bottom <= g.bottom + 1 && r.bottom <= window.innerHeight;
    }).length;
  });
  expect(visibleRows).toBeGreaterThanOrEqual(10);
  expect(await inViewport(page, 'explain-reason')).toBe(true);
});

test('at 1280×720, a paged list wraps the results bar onto two lines without the grid covering it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.show();
  await paste(
    page.getByTestId('url-list'),
    Array.from({ length: 12_000 }, (_, i) => `https://shop.example.com/p/${i}`).join('\n'),
  );
  await expect(page.getByTestId('run-status')).toContainText('12,000 URLs', { timeout: 60_000 });
  await expect(page.getByText(/Rows 1–10,000 of 12,000/)).toBeVisible();
  const [bar, grid] = await Promise.all([
    page.locator('.results-bar').first().boundingBox(),
    lab.results.grid.boundingBox(),
  ]);
  const exportCsv = await page.getByRole('button', { name: 'Export CSV' }).boundingBox();
  // Everything in the bar, the export buttons included, sits above the grid.
  expect(exportCsv && bar && grid).toBeTruthy();
  if (!exportCsv || !bar || !grid) return;
  expect(exportCsv.y + exportCsv.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
  expect(bar.y + bar.height).toBeLessThanOrEqual(grid.y + 0.5);
});
