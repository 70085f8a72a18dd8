// Types for the modules the Lezer plugin builds from robots.grammar.
declare module '*.grammar' {
  import type { LRParser } from '@lezer/lr';
  export const parser: LRParser;
}

declare module '*robots.grammar.terms' {
  export const userAgentKey: number;
  export const userAgentTypo: number;
  export const userAgentPrefix: number;
  export const allowKey: number;
  export const allowPrefix: number;
  export const disallowKey: number;
  export const disallowTypo: number;
  export const disallowPrefix: number;
  export const sitemapKey: number;
  export const sitemapTypo: number;
  export const sitemapPrefix: number;
  export const otherKey: number;
  export const unknownKey: number;
  export const Invalid: number;
  export const MissingColon: number;
  export const bom: number;
  export const IgnoredText: number;
  export const ProductToken: number;
  export const AgentSuffix: number;
  export const Wildcard: number;
  export const EndAnchor: number;
  export const PathText: number;
  export const SitemapUrl: number;
  export const Value: number;
}
