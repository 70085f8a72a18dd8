/**
 * One small interface over the two ways this machine can drive a browser:
 * puppeteer-core (Chromium over CDP, Firefox ESR over WebDriver BiDi) and
 * selenium-webdriver (WebKitGTK's MiniBrowser through WebKitWebDriver).
 * Stories find elements with JavaScript run in the page (by role, label and
 * test id, through open shadow roots) and act on them with the driver's
 * native, trusted input.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';

/** The engines the suite knows. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** A script run in the page: the body of a function whose arguments are `args`. */
export type PageScript = string;

/** A browser tab with a fresh profile. */
export interface Tab {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `body` (a function body; `args` is its argument array) in the page and returns its JSON result. */
  run<T>(body: PageScript, ...args: unknown[]): Promise<T>;
  /** Clicks the element `body` returns, with a trusted click. */
  click(body: PageScript, ...args: unknown[]): Promise<void>;
  /** Hands the file at `path` to the file input `body` returns, as a user's pick would. */
  upload(body: PageScript, path: string): Promise<void>;
  /** Types text with trusted key events into the focused element. */
  type(text: string): Promise<void>;
  /** Presses a key chord such as 'Control+a', 'End', 'Control+v'. */
  press(chord: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Errors the browser reported besides those the page collects itself. */
  driverErrors(): string[];
  close(): Promise<void>;
}

/** A browser that opens tabs, each in a fresh profile. */
export interface EngineDriver {
  readonly engine: Engine;
  newTab(viewport: { width: number; height: number }): Promise<Tab>;
  close(): Promise<void>;
}

const wrap = (body: PageScript) => `(function (...args) { ${body} })`;

class PuppeteerTab implements Tab {
  private readonly errors: string[] = [];
  constructor(
    readonly engine: Engine,
    private readonly page: Page,
    private readonly onClose: () => Promise<void>,
  ) {
    page.on('pageerror', (e) => this.errors.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
    page.on('console', (m) => {
      if (m.type() === 'error') this.errors.push(`console.error: ${m.text()}`);
    });
  }
  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async run<T>(body: PageScript, ...args: unknown[]): Promise<T> {
    return (await this.page.evaluate(`${wrap(body)}(...${JSON.stringify(args)})`)) as T;
  }
  async click(body: PageScript, ...args: unknown[]) {
    const handle = (await this.page.evaluateHandle(`${wrap(body)}(...${JSON.stringify(args)})`)) as ElementHandle;
    try {
      await handle.click();
    } finally {
      await handle.dispose();
    }
  }
  async upload(body: PageScript, path: string) {
    const handle = (await this.page.evaluateHandle(`${wrap(body)}()`)) as ElementHandle<HTMLInputElement>;
    try {
      await handle.uploadFile(path);
    } finally {
      await handle.dispose();
    }
  }
  async type(text: string) {
    await this.page.keyboard.type(text);
  }
  async press(chord: string) {
    const keys = chord.split('+');
    for (const k of keys.slice(0, -1)) await this.page.keyboard.down(k as never);
    await this.page.keyboard.press(keys.at(-1) as never);
    for (const k of keys.slice(0, -1).reverse()) await this.page.keyboard.up(k as never);
  }
  async screenshot(path: string) {
    writeFileSync(path, await this.page.screenshot());
  }
  driverErrors() {
    return this.errors;
  }
  async close() {
    await this.onClose();
  }
}

/** Chromium (CDP) or Firefox (BiDi) through puppeteer-core; each tab gets its own browser context. */
export async function puppeteerDriver(engine: 'chromium' | 'firefox'): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch(
    engine === 'firefox'
      ? { browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true }
      : {
          browser: 'chrome',
          executablePath: '/usr/bin/chromium',
          headless: true,
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
        },
  );
  return {
    engine,
    async newTab(viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      // Keys go to the focused page only; a page in a new context is not focused in headless Chromium.
      await page.bringToFront();
      return new PuppeteerTab(engine, page, () => context.close());
    },
    close: () => browser.close(),
  };
}

const SELENIUM_KEYS: Record<string, string> = {
  Control: '\uE009',
  Shift: '\uE008',
  Alt: '\uE00A',
  Meta: '\uE03D',
  End: '\uE010',
  Home: '\uE011',
  Enter: '\uE007',
  Escape: '\uE00C',
  Delete: '\uE017',
  Backspace: '\uE003',
  Tab: '\uE004',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  PageDown: '\uE00F',
};

class SeleniumTab implements Tab {
  readonly engine = 'webkit' as const;
  constructor(private readonly driver: WebDriver) {}
  async goto(url: string) {
    await this.driver.get(url);
  }
  async reload() {
    await this.driver.navigate().refresh();
  }
  async run<T>(body: PageScript, ...args: unknown[]): Promise<T> {
    return (await this.driver.executeScript(`return ${wrap(body)}(...arguments)`, ...args)) as T;
  }
  async click(body: PageScript, ...args: unknown[]) {
    const el = (await this.driver.executeScript(
      `const el = ${wrap(body)}(...arguments); el.scrollIntoView({ block: 'center' }); return el;`,
      ...args,
    )) as WebElement;
    await this.driver.actions().move({ origin: el }).click().perform();
  }
  async upload(body: PageScript, path: string) {
    // A visually hidden input is not "interactable" to WebDriver: shown for the pick (CSSOM, which the policy allows).
    const el = (await this.driver.executeScript(
      `const el = ${wrap(body)}(); el.style.cssText = 'position:fixed;top:0;left:0;width:200px;height:30px;opacity:1;clip:auto;'; return el;`,
    )) as WebElement;
    await el.sendKeys(path);
  }
  async type(text: string) {
    await this.driver
      .actions()
      .sendKeys(...text.replace(/\n/g, SELENIUM_KEYS.Enter))
      .perform();
  }
  async press(chord: string) {
    const keys = chord.split('+').map((k) => SELENIUM_KEYS[k] ?? k);
    let actions = this.driver.actions();
    for (const k of keys.slice(0, -1)) actions = actions.keyDown(k);
    actions = actions.sendKeys(keys.at(-1)!);
    for (const k of keys.slice(0, -1).reverse()) actions = actions.keyUp(k);
    await actions.perform();
  }
  async screenshot(path: string) {
    writeFileSync(path, Buffer.from(await this.driver.takeScreenshot(), 'base64'));
  }
  driverErrors() {
    return [];
  }
  async close() {
    await this.driver.quit();
  }
}

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Starts `command`; resolves once `ready()` holds (polled), rejects if it exits first or is not ready in 15 s. */
function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      child.kill();
      reject(e);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${command} exited (${code}) on start`)));
    const end = Date.now() + 15_000;
    const poll = async () => {
      if (settled) return;
      if (await ready().catch(() => false)) {
        settled = true;
        child.removeAllListeners('exit');
        resolve(child);
      } else if (Date.now() > end) fail(new Error(`${command} did not come up in 15 s`));
      else setTimeout(poll, 100);
    };
    void poll();
  });
}

/** Ends a child process and waits for it, so that none is left behind unreaped. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** An X display number with no server on it. */
function freeDisplay(): number {
  for (let n = 90; n < 200; n++) if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  throw new Error('no free X display between :90 and :199');
}

/**
 * WebKitGTK: Xvfb on a free display, WebKitWebDriver on `port`, and a new
 * WebDriver session (a new MiniBrowser, with its own ephemeral profile) per tab.
 */
/** How long a new WebKit session may take before it is asked for once more. */
const SESSION_WAIT_MS = 45_000;

/**
 * A new MiniBrowser session. Now and then MiniBrowser never comes up (no
 * process, and WebKitWebDriver never answers): the request is made once
 * more rather than holding the suite until its deadline; a second miss fails.
 */
async function openWebkitSession(port: number): Promise<WebDriver> {
  for (let attempt = 1; ; attempt++) {
    const session = new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SESSION_WAIT_MS);
    });
    const got = await Promise.race([session, late]);
    clearTimeout(timer);
    if (got) return got;
    session.then((d) => d.quit()).catch(() => undefined);
    if (attempt === 2) throw new Error(`WebKit opened no session in ${SESSION_WAIT_MS / 1000} s, twice`);
  }
}

export async function webkitDriver(port: number): Promise<EngineDriver> {
  const display = freeDisplay();
  const env = { ...process.env, DISPLAY: `:${display}`, WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: '1' };
  const xvfb = await startProcess(
    'Xvfb',
    [`:${display}`, '-screen', '0', '1440x900x24', '-nolisten', 'tcp'],
    env,
    async () => existsSync(`/tmp/.X11-unix/X${display}`),
  );
  let webdriver: ChildProcess;
  try {
    webdriver = await startProcess('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], env, async () => {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      return res.ok;
    });
  } catch (e) {
    xvfb.kill();
    throw e;
  }
  const sessions = new Set<WebDriver>();
  return {
    engine: 'webkit',
    async newTab(viewport) {
      const driver = await openWebkitSession(port);
      sessions.add(driver);
      await driver.manage().window().setRect({ width: viewport.width, height: viewport.height, x: 0, y: 0 });
      const tab = new SeleniumTab(driver);
      const close = tab.close.bind(tab);
      tab.close = async () => {
        sessions.delete(driver);
        await close();
      };
      return tab;
    },
    async close() {
      for (const s of sessions) await s.quit().catch(() => undefined);
      await stop(webdriver);
      await stop(xvfb);
    },
  };
}
