import { describe, expect, it } from 'vitest';
import { originOf, originSpread, readRobotsUrl } from '../../src/state/robotsUrl';

describe('the robots.txt URL field (docs/behaviour.md §1)', () => {
  it('keeps an empty field empty: no scope check', () => {
    expect(readRobotsUrl('  ')).toEqual({ ok: true, url: '', completed: false });
  });

  it('completes a bare host to https and /robots.txt', () => {
    expect(readRobotsUrl('www.shop.test')).toEqual({
      ok: true,
      url: 'https://www.shop.test/robots.txt',
      completed: true,
    });
    expect(readRobotsUrl('shop.test:8080')).toEqual({
      ok: true,
      url: 'https://shop.test:8080/robots.txt',
      completed: true,
    });
    expect(readRobotsUrl('shop.test/robots.txt')).toEqual({
      ok: true,
      url: 'https://shop.test/robots.txt',
      completed: true,
    });
  });

  it('completes an origin, keeping its scheme', () => {
    expect(readRobotsUrl('http://shop.test')).toEqual({
      ok: true,
      url: 'http://shop.test/robots.txt',
      completed: true,
    });
    expect(readRobotsUrl('https://shop.test/')).toEqual({
      ok: true,
      url: 'https://shop.test/robots.txt',
      completed: true,
    });
  });

  it('takes a full robots.txt URL as it is', () => {
    expect(readRobotsUrl('https://shop.test/robots.txt')).toEqual({
      ok: true,
      url: 'https://shop.test/robots.txt',
      completed: false,
    });
  });

  it('refuses another path, naming the root address', () => {
    const r = readRobotsUrl('https://shop.test/blog/robots.txt');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('https://shop.test/robots.txt');
  });

  it('refuses what is not a web address, with a sentence that starts with a capital', () => {
    for (const bad of ['ftp://shop.test/robots.txt', 'not a url', 'shop']) {
      const r = readRobotsUrl(bad);
      expect(r.ok, bad).toBe(false);
      expect(!r.ok && r.error).toMatch(/^[A-Z]/);
    }
  });
});

describe('the origin a URL list shares', () => {
  it('reads origins of absolute URLs only', () => {
    expect(originOf('https://Shop.test:443/a')).toBe('https://shop.test');
    expect(originOf('http://shop.test:8080/a')).toBe('http://shop.test:8080');
    expect(originOf('/a/b')).toBeNull();
    expect(originOf('# comment')).toBeNull();
  });

  it('finds the origin most URLs are on, and every origin in order', () => {
    expect(originSpread(['https://a.test/1', '/x', 'https://b.test/2', 'https://a.test/3'])).toEqual({
      main: 'https://a.test',
      mainCount: 2,
      absolute: 3,
      origins: ['https://a.test', 'https://b.test'],
    });
    expect(originSpread(['/x', '/y'])).toEqual({ main: null, mainCount: 0, absolute: 0, origins: [] });
  });
});
