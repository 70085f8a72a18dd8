/**
 * Every vector in ../shared/conformance, through the public API. The
 * expected values come from Google's reference parser (docs/behaviour.md
 * §12); a failure here is a bug in the engine, never in the data.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  escapePattern,
  evaluate,
  getPathParamsQuery,
  isValidUserAgentToObey,
  type ParsedRobots,
  parseRobotsTxt,
  type TagName,
} from '../../src/core';
import {
  CONFORMANCE_DIR,
  CONFORMANCE_FILES,
  differential,
  googleVectors,
  otherVectors,
  seedExamples,
  specTest,
} from '../conformance/load';

const SHARED = join(CONFORMANCE_DIR, '..', '..', '..', 'shared', 'conformance');

describe('conformance copies', () => {
  it.runIf(existsSync(SHARED))('are byte-identical to ../shared/conformance', () => {
    for (const name of CONFORMANCE_FILES) {
      const ours = readFileSync(join(CONFORMANCE_DIR, name));
      const theirs = readFileSync(join(SHARED, name));
      expect(ours.equals(theirs), `${name} differs from ${SHARED}/${name}`).toBe(true);
    }
  });

  it('hold the expected number of vectors', () => {
    expect(googleVectors()).toHaveLength(145);
    expect(otherVectors()).toHaveLength(85);
    expect(differential()).toHaveLength(400);
    expect(seedExamples().length).toBeGreaterThan(0);
    const spec = specTest();
    expect(spec.filter((c) => c.type === 'STANDARD')).toHaveLength(378);
    expect(spec.filter((c) => c.type === 'GOOGLE_SPECIFIC')).toHaveLength(22);
  });
});

describe('spec-test.jsonl: google/robotstxt-spec-test, fed as bytes', () => {
  // The suite's expectations follow Google's library: /robots.txt is judged
  // like any other path there (docs/behaviour.md, "The file itself").
  for (const [i, c] of specTest().entries()) {
    it(`${c.file} ${c.type} ${c.useragent} ${c.url} (#${i})`, () => {
      const bytes = new Uint8Array(Buffer.from(c.robotstxt_b64, 'base64'));
      const v = evaluate(parseRobotsTxt(bytes), c.url, c.useragent, { robotsTxtAlwaysAllowed: false });
      expect(v.allowed).toBe(c.expected === 'ALLOWED');
    });
  }
});

describe('google-vectors.json: the reference parser unit tests', () => {
  for (const [i, v] of googleVectors().entries()) {
    it(`${v.test} (robots_test.cc:${v.line}, #${i})`, () => {
      const verdict = evaluate(parseRobotsTxt(v.robotstxt), v.url, v.useragent);
      expect(verdict.allowed).toBe(v.allowed);
    });
  }
});

describe('seed-examples.json: the worked examples of the protocol texts', () => {
  for (const [i, v] of seedExamples().entries()) {
    it(`${v.source}: ${v.note ?? v.url} (#${i})`, () => {
      expect(evaluate(parseRobotsTxt(v.robotstxt), v.url, v.useragent).allowed).toBe(v.allowed);
    });
  }
});

describe('differential.jsonl: verdicts and deciding lines', () => {
  for (const [i, file] of differential().entries()) {
    it(`file #${i}`, () => {
      const parsed = parseRobotsTxt(file.robotstxt);
      for (const c of file.cases) {
        const v = evaluate(parsed, c.url, c.useragent);
        const ctx = `${c.useragent} ${c.url}`;
        expect(v.allowed, ctx).toBe(c.allowed);
        expect(v.rule?.line ?? 0, ctx).toBe(c.line);
      }
    });
  }
});

function robotsOf(input: Record<string, unknown>): string | Uint8Array {
  if (typeof input.robotstxt_base64 === 'string') return new Uint8Array(Buffer.from(input.robotstxt_base64, 'base64'));
  return input.robotstxt as string;
}

/** The reference's RobotsStatsReporter: counts of directives and the last line with one. */
function statsReport(p: ParsedRobots) {
  let valid = 0;
  let unknown = 0;
  let lastLine = 0;
  let sitemap = '';
  for (const l of p.lines) {
    if (l.kind === 'user-agent' || l.kind === 'allow' || l.kind === 'disallow' || l.kind === 'sitemap') {
      valid++;
      lastLine = l.line;
      if (l.kind === 'sitemap') sitemap += l.value!.text;
    } else if (l.kind === 'other' || l.kind === 'unknown') {
      unknown++;
      lastLine = l.line;
    }
  }
  return { valid_directives: valid, unknown_directives: unknown, last_line_seen: lastLine, sitemap };
}

/** The reference's RobotsParsingReporter: one report per physical line. */
function parsingReport(p: ParsedRobots) {
  const valid = p.lines.filter((l) => l.tag !== 'Unknown' && l.tag !== 'Unused').length;
  const unknown = p.lines.filter((l) => l.metadata.hasDirective && (l.tag === 'Unknown' || l.tag === 'Unused')).length;
  return {
    valid_directives: valid,
    unknown_directives: unknown,
    last_line_seen: p.lines.length,
    parse_results_size_equals_last_line_seen: p.lines.length,
  };
}

describe('google-other-vectors.json: helper functions and per-line reports', () => {
  for (const [i, v] of otherVectors().entries()) {
    const name = `${v.test} ${v.kind}${v.check ? ` ${v.check}` : ''} (line ${v.line}, #${i})`;
    it(name, () => {
      switch (v.kind) {
        case 'IsValidUserAgentToObey':
          expect(isValidUserAgentToObey(v.input.user_agent as string)).toBe(v.expected);
          break;
        case 'GetPathParamsQuery':
          expect(getPathParamsQuery(v.input.url as string)).toBe(v.expected);
          break;
        case 'MaybeEscapePattern':
          expect(escapePattern(v.input.pattern as string)).toBe(v.expected);
          break;
        case 'ParseRobotsTxt+RobotsStatsReporter': {
          const report = statsReport(parseRobotsTxt(robotsOf(v.input)));
          expect(report[v.check as keyof typeof report]).toBe(v.expected);
          break;
        }
        case 'ParseRobotsTxt+RobotsParsingReporter': {
          const parsed = parseRobotsTxt(robotsOf(v.input));
          if (v.check === 'parsed_line') {
            const exp = v.expected as {
              line_num: number;
              tag_name: TagName;
              is_typo: boolean;
              metadata: Record<string, boolean>;
            };
            const line = parsed.lines[exp.line_num - 1];
            expect(line.line).toBe(exp.line_num);
            expect(line.tag).toBe(exp.tag_name);
            expect(line.typo).toBe(exp.is_typo);
            expect({
              is_empty: line.metadata.isEmpty,
              has_comment: line.metadata.hasComment,
              is_comment: line.metadata.isComment,
              has_directive: line.metadata.hasDirective,
              is_acceptable_typo: line.metadata.isAcceptableTypo,
              is_line_too_long: line.metadata.isLineTooLong,
              is_missing_colon_separator: line.metadata.isMissingColonSeparator,
            }).toEqual(exp.metadata);
          } else {
            const report = parsingReport(parsed);
            expect(report[v.check as keyof typeof report]).toBe(v.expected);
          }
          break;
        }
        default:
          throw new Error(`unknown vector kind ${v.kind}`);
      }
    });
  }
});
