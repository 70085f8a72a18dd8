// Every robots.txt in the conformance files, for tests that run over all of them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'conformance');

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(join(dir, name), 'utf8'));
}

/** Each distinct robots.txt text of the conformance files, with where it first appears. */
export function conformanceTexts(): { source: string; text: string }[] {
  const seen = new Map<string, string>();
  const add = (text: unknown, source: string) => {
    if (typeof text === 'string' && !seen.has(text)) seen.set(text, source);
  };
  for (const name of ['google-vectors.json', 'seed-examples.json']) {
    for (const [i, v] of (readJson(name) as { robotstxt: string; test?: string; source?: string }[]).entries()) {
      add(v.robotstxt, `${name}#${i} ${v.test ?? v.source ?? ''}`);
    }
  }
  for (const [i, v] of (
    readJson('google-other-vectors.json') as { input?: { robotstxt?: string }; test: string }[]
  ).entries()) {
    add(v.input?.robotstxt, `google-other-vectors.json#${i} ${v.test}`);
  }
  readFileSync(join(dir, 'differential.jsonl'), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim()) add((JSON.parse(line) as { robotstxt: string }).robotstxt, `differential.jsonl:${i + 1}`);
    });
  return [...seen].map(([text, source]) => ({ source, text }));
}
