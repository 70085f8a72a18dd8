import { describe, expect, it } from 'vitest';
import { splitRules } from '../../src/editor/sheetFallback';

describe('splitRules: a style sheet cut into the rules insertRule takes one at a time', () => {
  it('cuts rules written on one line or several', () => {
    expect(splitRules('.a {color: red;}\n.b, .c {margin: 0; padding: 1px}.d{}')).toEqual([
      '.a {color: red;}',
      '.b, .c {margin: 0; padding: 1px}',
      '.d{}',
    ]);
  });

  it('keeps an at-rule whole with the rules nested in it', () => {
    expect(splitRules('@media (prefers-color-scheme: dark) {.a {color: white} .b {color: grey}}\n.c {top: 0}')).toEqual(
      ['@media (prefers-color-scheme: dark) {.a {color: white} .b {color: grey}}', '.c {top: 0}'],
    );
  });

  it('does not count braces or semicolons inside quoted strings', () => {
    expect(splitRules(`.a::before {content: "}{;"} .b::after {content: '\\'}'}`)).toEqual([
      '.a::before {content: "}{;"}',
      `.b::after {content: '\\'}'}`,
    ]);
  });

  it('takes a statement at-rule up to its semicolon, and nothing from blank text', () => {
    expect(splitRules('@charset "utf-8"; .a {b: c}')).toEqual(['@charset "utf-8";', '.a {b: c}']);
    expect(splitRules(' \n ')).toEqual([]);
  });
});
