// Types for the modules the Lezer plugin builds from robots.grammar.
declare module '*.grammar' {
  import type { LRParser } from '@lezer/lr';
  export const parser: LRParser;
}

/**
 * The grammar's term ids by name, as robots.grammar declares its external
 * tokens (`userAgentKey`, `Invalid`, `PathText`, …). A name the grammar
 * lacks is undefined at run time, which the grammar tests catch.
 */
declare module '*robots.grammar.terms' {
  const terms: Record<string, number>;
  export = terms;
}
