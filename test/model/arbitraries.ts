/**
 * Random robots.txt lines for the property tests that compare the engine
 * and the CLI with the reference model: agent names that differ in case,
 * punctuation and version suffixes, and patterns with wildcards, `$`,
 * escapes, non-ASCII characters and index.html readings.
 */
import fc from 'fast-check';

const patternChar = fc.constantFrom('/', 'a', 'b', 'c', '.', '?', '=', '*', '$', '%', '2', 'f', 'F', 'ツ', 'é', 'x');

/** An allow/disallow value. */
export const patternArb = fc.oneof(
  fc.array(patternChar, { maxLength: 10 }).map((cs) => `/${cs.join('')}`),
  fc.array(patternChar, { maxLength: 8 }).map((cs) => cs.join('')),
  fc.constantFrom('/index.html', '/a/index.htm', '/*/index.html', '/', '*', '$', '/$', '/a$', ''),
);

/** A user-agent value. */
export const agentArb = fc.constantFrom(
  'FooBot',
  'foobot',
  'BarBot',
  'Foo-Bot',
  '*',
  '* x',
  'foobot/1.2',
  'Bar_bot',
  'bot2',
  '',
);

/** A line: a user-agent, allow or disallow line (one without its colon), or one of `others` as written. */
export function lineArb(others: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    agentArb.map((a) => `user-agent: ${a}`),
    patternArb.map((p) => `allow: ${p}`),
    patternArb.map((p) => `disallow: ${p}`),
    patternArb.map((p) => `Disallow ${p}`),
    fc.constantFrom(...others),
  );
}
