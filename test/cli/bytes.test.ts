/**
 * `robots-lab check` (the file read as bytes) and `robots-lab batch` (the
 * file as JSON text) agree with the reference on odd bytes
 * (docs/behaviour.md §13): invalid UTF-8 in a rule value, a second
 * byte-order mark, a character cut by the line limit, a NUL in the URL.
 * Expectations are written by hand.
 */

import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../../src/cli/rows';
import { runCli } from './harness';

const LIMIT = 2083 * 8 - 1;
const BOM = [0xef, 0xbb, 0xbf];

function bytes(...pieces: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const p of pieces) out.push(...(typeof p === 'string' ? new TextEncoder().encode(p) : p));
  return Uint8Array.from(out);
}

/** A rule line of `total` bytes before `tail`: `disallow: /aaa…`. */
const longRule = (total: number) => `disallow: /${'a'.repeat(total - 11)}`;
const run = (total: number) => 'a'.repeat(total - 11);

interface Case {
  name: string;
  robots: Uint8Array;
  url: string;
  allowed: boolean;
  line: number | null;
}

const UA = 'user-agent: *\n';
const CASES: Case[] = [
  {
    name: 'invalid byte 0xFF blocks /%FF',
    robots: bytes(UA, 'disallow: /', [0xff], '\n'),
    url: '/%FF',
    allowed: false,
    line: 2,
  },
  {
    name: 'invalid byte 0xFF does not block /%EF%BF%BD',
    robots: bytes(UA, 'disallow: /', [0xff], '\n'),
    url: '/%EF%BF%BD',
    allowed: true,
    line: null,
  },
  { name: 'a second BOM', robots: bytes(BOM, BOM, UA, 'disallow: /\n'), url: '/x', allowed: true, line: null },
  { name: 'one BOM', robots: bytes(BOM, UA, 'disallow: /\n'), url: '/x', allowed: false, line: 2 },
  {
    name: 'é straddling the line cut keeps %C3',
    robots: bytes(UA, longRule(LIMIT - 1), 'é\n'),
    url: `/${run(LIMIT - 1)}%C3`,
    allowed: false,
    line: 2,
  },
  {
    name: 'é straddling the line cut is longer than the a-run',
    robots: bytes(UA, longRule(LIMIT - 1), 'é\n'),
    url: `/${run(LIMIT - 1)}`,
    allowed: true,
    line: null,
  },
  {
    name: 'a NUL ends the URL path',
    robots: bytes(UA, 'disallow: /a$\n'),
    url: 'http://a.com/a\0b',
    allowed: false,
    line: 2,
  },
];

async function viaCheck(c: Case): Promise<{ allowed: boolean | null; line: number | null }> {
  const r = await runCli(['check', 'robots.txt', '--agent', 'FooBot', '--raw', '--format', 'json', c.url], {
    'robots.txt': c.robots,
  });
  expect(r.code).toBe(0);
  const [row] = JSON.parse(r.stdout) as ResultRow[];
  return { allowed: row.allowed, line: row.line };
}

async function viaBatch(c: Case): Promise<{ allowed: boolean; line: number | null }> {
  const robotstxt = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(c.robots);
  const r = await runCli(['batch'], {}, `${JSON.stringify({ robotstxt, useragent: 'FooBot', url: c.url })}\n`);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout.trim()) as { allowed: boolean; line: number | null };
}

/** Whether the file can travel as JSON text (valid UTF-8). */
function isText(b: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

describe('check and batch on odd bytes (docs/behaviour.md §13)', () => {
  for (const c of CASES) {
    it(`check: ${c.name}`, async () => {
      expect(await viaCheck(c)).toEqual({ allowed: c.allowed, line: c.line });
    });
    // JSON text cannot carry invalid UTF-8; those cases go through check only.
    if (!isText(c.robots)) continue;
    it(`batch: ${c.name}`, async () => {
      expect(await viaBatch(c)).toEqual({ allowed: c.allowed, line: c.line });
    });
  }

  it('batch reads a lone surrogate in JSON as U+FFFD, like its UTF-8 encoding', async () => {
    const input = '{"robotstxt":"user-agent: *\\ndisallow: /\\ud800\\n","useragent":"FooBot","url":"/%EF%BF%BD"}\n';
    const r = await runCli(['batch'], {}, input);
    expect(JSON.parse(r.stdout.trim())).toEqual({ allowed: false, line: 2 });
  });
});
