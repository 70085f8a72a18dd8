/** Loads the conformance vectors (byte-identical copies of ../shared/conformance). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE_DIR = dirname(fileURLToPath(import.meta.url));
export const CONFORMANCE_FILES = [
  'README.md',
  'google-vectors.json',
  'google-other-vectors.json',
  'seed-examples.json',
  'differential.jsonl',
  'spec-test.jsonl',
];

export interface GoogleVector {
  test: string;
  robotstxt: string;
  useragent: string;
  url: string;
  allowed: boolean;
  file: string;
  line: number;
}
export interface SeedExample {
  source: string;
  robotstxt: string;
  useragent: string;
  url: string;
  allowed: boolean;
  note?: string;
}
export interface DifferentialFile {
  robotstxt: string;
  cases: { useragent: string; url: string; allowed: boolean; line: number }[];
}
/** One expectation of google/robotstxt-spec-test (its CTC textproto files). */
export interface SpecTestCase {
  file: string;
  robotstxt_b64: string;
  url: string;
  useragent: string;
  expected: 'ALLOWED' | 'DISALLOWED';
  type: 'STANDARD' | 'GOOGLE_SPECIFIC';
}
export interface OtherVector {
  kind: string;
  test: string;
  function: string;
  input: Record<string, unknown>;
  expected: unknown;
  check?: string;
  line: number;
}

function json<T>(name: string): T {
  return JSON.parse(readFileSync(join(CONFORMANCE_DIR, name), 'utf8')) as T;
}

export const googleVectors = (): GoogleVector[] => json('google-vectors.json');
export const otherVectors = (): OtherVector[] => json('google-other-vectors.json');
export const seedExamples = (): SeedExample[] => json('seed-examples.json');
export const differential = (): DifferentialFile[] =>
  readFileSync(join(CONFORMANCE_DIR, 'differential.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as DifferentialFile);
export const specTest = (): SpecTestCase[] =>
  readFileSync(join(CONFORMANCE_DIR, 'spec-test.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as SpecTestCase);
