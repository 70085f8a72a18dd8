/**
 * What the user entered, as persisted: the robots.txt, its URL, the URL list,
 * the chosen crawlers, the settings and the selected cell. Defaults are the
 * first-visit example, so the page explains itself.
 */
import { EXAMPLE_PROFILE_IDS, EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL, EXAMPLE_URLS } from '../fixtures/example';
import type { CrawlerSpec, EvaluateParams } from '../model/wire';

/** How URLs are read and what the server answers for /robots.txt, as a run takes them. */
type Settings = Pick<EvaluateParams, 'normalise' | 'fetchStatus'>;

export interface ChosenCrawlers {
  /** Built-in profile ids, in the order chosen. */
  profiles: string[];
  /** Product tokens the user typed. */
  tokens: string[];
}

export interface CellRef {
  row: number;
  col: number;
}

export interface Inputs {
  robotsText: string;
  robotsUrl: string;
  urlText: string;
  crawlers: ChosenCrawlers;
  settings: Settings;
  selected: CellRef | null;
}

export const DEFAULT_INPUTS: Inputs = {
  robotsText: EXAMPLE_ROBOTS_TXT,
  robotsUrl: EXAMPLE_ROBOTS_URL,
  urlText: `${EXAMPLE_URLS.join('\n')}\n`,
  crawlers: { profiles: [...EXAMPLE_PROFILE_IDS], tokens: [] },
  settings: { normalise: true, fetchStatus: 200 },
  selected: { row: 3, col: 0 },
};

/** The crawlers as the worker takes them: profiles first, then typed tokens. */
export function crawlerSpecs(c: ChosenCrawlers): CrawlerSpec[] {
  return [
    ...c.profiles.map((id): CrawlerSpec => ({ kind: 'profile', id })),
    ...c.tokens.map((token): CrawlerSpec => ({ kind: 'token', token })),
  ];
}

/** The persisted format's version; bump it and extend `migrateInputs` (share/persisted.ts) when the shape changes. */
export const PERSIST_VERSION = 1;
