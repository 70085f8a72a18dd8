/**
 * The share buttons without a DOM: what "Copy share link" and "Import state"
 * do with fake browser pieces, and the component's static markup.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ControllerContext } from '../../src/app/context';
import type { AppController } from '../../src/app/controller';
import { copyShareLink, importStateFile, type LinkTarget, stateFileName } from '../../src/share/actions';
import { stateToFile } from '../../src/share/file';
import type { ShareState } from '../../src/share/format';
import { decodeLink } from '../../src/share/link';
import { ShareArea } from '../../src/share/ShareArea';

const STATE: ShareState = {
  robotsText: 'User-agent: *\nDisallow: /\n# <img src=x onerror=alert(1)>\n',
  robotsUrl: 'https://example.com/robots.txt',
  urlText: 'https://example.com/\n',
  crawlers: { profiles: ['googlebot'], tokens: [] },
  settings: { normalise: true, fetchStatus: 200 },
  selected: null,
};

function fakeTarget(href: string, clipboard: 'works' | 'denied') {
  const log = { fragment: null as string | null, copied: null as string | null, writes: 0 };
  const target: LinkTarget = {
    href,
    setFragment: (f) => {
      log.fragment = f;
    },
    writeClipboard: async (text) => {
      log.writes++;
      if (clipboard === 'denied') throw new DOMException('Document is not focused.', 'NotAllowedError');
      log.copied = await text;
    },
  };
  return { target, log };
}

describe('Copy share link', () => {
  it('puts the link in the address bar and on the clipboard, replacing an old fragment', async () => {
    const { target, log } = fakeTarget('https://lab.example/robots/?x=1#s=v1.old', 'works');
    const outcome = await copyShareLink(STATE, target);
    expect(outcome.offerFile).toBe(false);
    expect(outcome.message).toMatch(/^Share link copied \(\d+ KB\)/);
    expect(log.fragment).toMatch(/^#s=v1\./);
    expect(log.copied).toBe(`https://lab.example/robots/?x=1${log.fragment}`);
    expect(await decodeLink(log.fragment!)).toEqual({ ok: true, state: STATE, warnings: [] });
  });

  it('starts the clipboard write inside the click, before the link is compressed', async () => {
    const { target, log } = fakeTarget('https://lab.example/', 'works');
    const outcome = copyShareLink(STATE, target);
    // Nothing awaited yet: a browser would still be inside the click's handler.
    expect(log.writes).toBe(1);
    expect(log.copied).toBeNull();
    await outcome;
    expect(log.copied).toBe(`https://lab.example/${log.fragment}`);
  });

  it('still makes the link when the clipboard is refused, and says where to copy it', async () => {
    const { target, log } = fakeTarget('https://lab.example/', 'denied');
    const outcome = await copyShareLink(STATE, target);
    expect(outcome.message).toMatch(/copy it from the address bar/);
    expect(log.fragment).toMatch(/^#s=v1\./);
  });

  it('offers a file, and touches neither address nor clipboard, when the state is too large', async () => {
    let x = 1;
    const noise = Array.from({ length: 60_000 }, () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return String.fromCharCode(33 + ((x >>> 16) % 90));
    }).join('');
    const { target, log } = fakeTarget('https://lab.example/', 'works');
    const outcome = await copyShareLink({ ...STATE, urlText: noise }, target);
    expect(outcome.offerFile).toBe(true);
    expect(outcome.message).toMatch(/Export it as a file instead/);
    expect(log).toEqual({ fragment: null, copied: null, writes: 1 });
  });
});

describe('links, files and messages', () => {
  it('replaces or appends the fragment of the page address', async () => {
    for (const [href, base] of [
      ['https://a.example/p?q=1', 'https://a.example/p?q=1'],
      ['https://a.example/p#old#er', 'https://a.example/p'],
    ]) {
      const { target, log } = fakeTarget(href, 'works');
      await copyShareLink(STATE, target);
      expect(log.copied).toBe(`${base}${log.fragment}`);
    }
  });

  it('names an exported file after its UTC day', () => {
    expect(stateFileName(new Date(Date.UTC(2026, 10, 22, 23, 59)))).toBe('robots-lab-state-2026-11-22.json');
  });

  it('imports a state file, or says why not, with warnings in the message', () => {
    expect(importStateFile(stateToFile(STATE))).toEqual({ state: STATE, message: 'State imported.' });
    expect(importStateFile('not json')).toEqual({
      state: null,
      message: 'This file is not JSON, so it is not a Robots Lab state file.',
    });
    const withUnknown = importStateFile(
      '{"format":"robots-lab-state","version":1,"state":{"robotsText":"x","robotsUrl":"","urlText":"","extra":1}}',
    );
    expect(withUnknown.state?.robotsText).toBe('x');
    expect(withUnknown.message).toBe('State imported. 1 unknown field(s) were ignored.');
  });
});

describe("the share buttons' markup", () => {
  it('renders the three buttons, a hidden labelled file input and an empty status line', () => {
    // The page provides its controller around the share buttons (a held list is asked for when shared).
    const area = createElement(ShareArea, { menu: (items) => items });
    const html = renderToStaticMarkup(createElement(ControllerContext, { value: {} as AppController }, area));
    const buttons = [...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Copy share link', 'Export state', 'Import state']);
    expect(html).toMatch(
      /<input type="file" accept="application\/json,.json" hidden="" aria-label="State file to import"/,
    );
    expect(html).toMatch(/<p role="status" class="share-status"><\/p>/);
    // The state is read only when a button is pressed: nothing of it is in the markup.
    expect(html).not.toContain('onerror');
  });
});
