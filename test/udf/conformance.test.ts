/**
 * The UDF file, in a context with nothing but ECMAScript, gives the engine's
 * verdicts and deciding lines on every conformance vector (test/conformance,
 * produced by Google's reference parser). The expected values come from the
 * vectors; the engine (src/core) is run beside it on the same input, and
 * both must agree with the vector and with each other.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt } from '../../src/core';
import { differential, googleVectors, seedExamples, specTest } from '../conformance/load';
import { bareContext, buildUdfText, inContext } from './bare';

interface Row {
  allowed: boolean | null;
  line: number | null;
  error: string | null;
}

let context: object;

beforeAll(async () => {
  context = bareContext(await buildUdfText());
}, 60_000);

/** Checks `cases` in the context in one call: cases [robots, url, agent, options] → rows. */
function checkAll(cases: [string | number[], string, string, object?][]): Row[] {
  return inContext<Row[]>(
    context,
    'input.map(([r, u, a, o]) => robotsLab.check(typeof r === "string" ? r : new Uint8Array(r), u, a, o))',
    cases,
  );
}

describe('the UDF file in a bare ECMAScript context', () => {
  it('has no URL, TextEncoder, TextDecoder, Buffer, process, console, atob or DOM to lean on', () => {
    const types = inContext<string[]>(
      context,
      '["URL", "TextEncoder", "TextDecoder", "Buffer", "process", "console", "atob", "document", "crypto"].map((k) => typeof globalThis[k])',
      null,
    );
    expect(types).toEqual(Array(9).fill('undefined'));
  });

  it('agrees with every differential vector, verdict and deciding line', () => {
    const files = differential();
    const cases = files.flatMap((f) =>
      f.cases.map((c) => [f.robotstxt, c.url, c.useragent] as [string, string, string]),
    );
    const rows = checkAll(cases);
    let i = 0;
    for (const f of files) {
      const parsed = parseRobotsTxt(f.robotstxt);
      for (const c of f.cases) {
        const row = rows[i++];
        const engine = evaluate(parsed, c.url, c.useragent);
        const ctx = `${c.useragent} ${c.url} in\n${f.robotstxt}`;
        expect(row.error, ctx).toBeNull();
        expect(row.allowed, ctx).toBe(c.allowed);
        expect(row.line ?? 0, ctx).toBe(c.line);
        expect(row.allowed, ctx).toBe(engine.allowed);
        expect(row.line ?? 0, ctx).toBe(engine.rule?.line ?? 0);
      }
    }
    expect(i).toBe(3_200);
  });

  it("agrees with every assertion of the reference parser's unit tests and every worked example", () => {
    const vectors = [...googleVectors(), ...seedExamples()];
    const rows = checkAll(vectors.map((v) => [v.robotstxt, v.url, v.useragent]));
    vectors.forEach((v, i) => {
      const engine = evaluate(parseRobotsTxt(v.robotstxt), v.url, v.useragent);
      const ctx = `${v.useragent} ${v.url} in\n${v.robotstxt}`;
      expect(rows[i].allowed, ctx).toBe(v.allowed);
      expect(rows[i].allowed, ctx).toBe(engine.allowed);
      expect(rows[i].line ?? 0, ctx).toBe(engine.rule?.line ?? 0);
    });
  });

  it('agrees with all 400 expectations of the spec-test suite, fed as bytes (BOM and invalid UTF-8 included)', () => {
    const cases = specTest();
    const rows = checkAll(
      cases.map((c) => [
        [...Buffer.from(c.robotstxt_b64, 'base64')],
        c.url,
        c.useragent,
        { robotsTxtAlwaysAllowed: false },
      ]),
    );
    let passed = 0;
    cases.forEach((c, i) => {
      const bytes = new Uint8Array(Buffer.from(c.robotstxt_b64, 'base64'));
      const engine = evaluate(parseRobotsTxt(bytes), c.url, c.useragent, { robotsTxtAlwaysAllowed: false });
      const ctx = `${c.file} ${c.useragent} ${c.url}`;
      expect(rows[i].allowed, ctx).toBe(c.expected === 'ALLOWED');
      expect(rows[i].line ?? 0, ctx).toBe(engine.rule?.line ?? 0);
      passed++;
    });
    expect(passed).toBe(400);
  });

  it('reads base64 bodies (BigQuery BYTES) like the bytes they encode', () => {
    const cases = specTest();
    const rows = checkAll(
      cases.map((c) => [c.robotstxt_b64, c.url, c.useragent, { base64: true, robotsTxtAlwaysAllowed: false }]),
    );
    for (const [i, c] of cases.entries()) expect(rows[i].allowed, `${c.file} ${c.url}`).toBe(c.expected === 'ALLOWED');
  });
});
