/**
 * The byte-level reference model against every conformance file, before it
 * may serve as an oracle: if the model disagrees with Google's reference on
 * any recorded verdict, deciding line or helper result, it is the model
 * that is wrong (docs/behaviour.md §12, §13).
 */

import { describe, expect, it } from 'vitest';
import { differential, googleVectors, otherVectors, seedExamples, specTest } from '../conformance/load';
import {
  latin1,
  modelDecide,
  modelEscape,
  modelKey,
  modelKeyValue,
  modelLines,
  modelParse,
  modelPath,
  modelValidAgent,
  utf8,
} from './reference-model';

/** The robots.txt of a parse-report vector, as bytes. */
function robotsOf(input: Record<string, unknown>): Uint8Array {
  if (typeof input.robotstxt_base64 === 'string') return new Uint8Array(Buffer.from(input.robotstxt_base64, 'base64'));
  return new TextEncoder().encode(input.robotstxt as string);
}

describe('the model against google-vectors.json (docs/behaviour.md §12)', () => {
  it('gives every verdict of the reference unit tests', () => {
    const vectors = googleVectors();
    const wrong = vectors.filter((v) => modelDecide(v.robotstxt, v.url, v.useragent).allowed !== v.allowed);
    expect(wrong.map((v) => `${v.test}:${v.line}`)).toEqual([]);
    expect(vectors.length).toBe(145);
  });
});

describe('the model against spec-test.jsonl, fed as bytes (docs/behaviour.md §13)', () => {
  it('gives every expectation of the cross-implementation suite', () => {
    const wrong = specTest().filter((c) => {
      const bytes = new Uint8Array(Buffer.from(c.robotstxt_b64, 'base64'));
      return modelDecide(bytes, c.url, c.useragent).allowed !== (c.expected === 'ALLOWED');
    });
    expect(wrong.map((c) => `${c.file} ${c.url} ${c.useragent}`)).toEqual([]);
  });
});

describe('the model against differential.jsonl (docs/behaviour.md §12, Decision)', () => {
  it('gives every verdict and deciding line', () => {
    let compared = 0;
    for (const f of differential()) {
      for (const c of f.cases) {
        const v = modelDecide(f.robotstxt, c.url, c.useragent);
        expect({ allowed: v.allowed, line: v.line }, `${c.useragent} ${c.url}\n${f.robotstxt}`).toEqual({
          allowed: c.allowed,
          line: c.line,
        });
        compared++;
      }
    }
    expect(compared).toBe(3200);
  });
});

describe('the model against seed-examples.json (docs/behaviour.md §7, §8)', () => {
  it('gives every worked example of the protocol texts', () => {
    const wrong = seedExamples().filter((v) => modelDecide(v.robotstxt, v.url, v.useragent).allowed !== v.allowed);
    expect(wrong.map((v) => `${v.source}: ${v.note ?? v.url}`)).toEqual([]);
  });
});

describe('the model helpers against google-other-vectors.json (docs/behaviour.md §12)', () => {
  const vectors = otherVectors();
  const of = (kind: string) => vectors.filter((v) => v.kind === kind);

  it('extracts the path, params and query as GetPathParamsQuery', () => {
    for (const v of of('GetPathParamsQuery')) {
      expect(latin1(modelPath(utf8(v.input.url as string))), v.input.url as string).toBe(
        latin1(utf8(v.expected as string)),
      );
    }
  });

  it('escapes patterns as MaybeEscapePattern', () => {
    for (const v of of('MaybeEscapePattern')) {
      expect(modelEscape(utf8(v.input.pattern as string))).toBe(v.expected);
    }
  });

  it('accepts the crawler tokens IsValidUserAgentToObey accepts', () => {
    for (const v of of('IsValidUserAgentToObey')) {
      expect(modelValidAgent(v.input.user_agent as string), v.input.user_agent as string).toBe(v.expected);
    }
  });

  it('counts directives and sitemaps as the stats reporter', () => {
    const stats = of('ParseRobotsTxt+RobotsStatsReporter');
    expect(stats.length).toBeGreaterThan(0);
    for (const v of stats) {
      const lines = modelParse(robotsOf(v.input));
      const valid = lines.filter((l) => l.key !== 'unknown');
      if (v.check === 'valid_directives') expect(valid.length, v.test).toBe(v.expected);
      if (v.check === 'unknown_directives') expect(lines.length - valid.length, v.test).toBe(v.expected);
      // The stats reporter sees only lines with a key and a value.
      if (v.check === 'last_line_seen') expect(lines[lines.length - 1]?.line ?? 0, v.test).toBe(v.expected);
      if (v.check === 'sitemap') {
        const sitemaps = lines
          .filter((l) => l.key === 'sitemap')
          .map((l) => new TextDecoder().decode(Uint8Array.from(l.value)));
        expect(sitemaps.join(''), v.test).toBe(v.expected);
      }
    }
  });

  it('reads the key of each reported line as the parsing reporter', () => {
    const tags: Record<string, string> = {
      'user-agent': 'UserAgent',
      allow: 'Allow',
      disallow: 'Disallow',
      sitemap: 'Sitemap',
    };
    const reports = of('ParseRobotsTxt+RobotsParsingReporter').filter((v) => v.check === 'parsed_line');
    expect(reports.length).toBeGreaterThan(0);
    for (const v of reports) {
      const expected = v.expected as { line_num: number; tag_name: string; metadata: { has_directive: boolean } };
      const line = modelLines(robotsOf(v.input))[expected.line_num - 1];
      const kv = modelKeyValue(line);
      expect(kv !== null, `${v.test} line ${expected.line_num}`).toBe(expected.metadata.has_directive);
      if (kv === null) continue;
      const tag = tags[modelKey(kv.key)] ?? 'Unknown';
      // "Unused" is the reporter's name for a known but unsupported key: unknown to the matcher.
      expect(tag, `${v.test} line ${expected.line_num}`).toBe(
        expected.tag_name === 'Unused' ? 'Unknown' : expected.tag_name,
      );
    }
  });
});
