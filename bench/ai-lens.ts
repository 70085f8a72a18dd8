/**
 * `npx tsx bench/ai-lens.ts`: how long the worker takes to answer the AI
 * tab's 'ai-lens' message (the purposes × operators matrix for every
 * catalogue crawler, and each intent's edits with their diff), on the
 * benchmark's ~500 KiB robots.txt (bench/generate.ts) with AI groups and
 * preference lines appended, and on a small hand-sized file. It runs in the
 * worker, so it never blocks the page; the number says how soon the tab
 * fills after a paste.
 */
import { RobotsApi } from '../src/worker/api';
import { generate } from './generate';

const AI_TAIL = [
  '',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Disallow: /',
  '',
  'User-agent: CCBot',
  'Allow: /',
  'Content-Usage: / train-ai=y',
  '',
].join('\n');

const SMALL = `User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n${AI_TAIL}`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Median ms of `runs` AI lens answers for one parsed text (the parse itself not counted). */
function lensMs(text: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const api = new RobotsApi({ schedule: (fn) => fn(), now: () => performance.now() });
    api.setText({ version: 1, text });
    const t0 = performance.now();
    const lens = api.aiLens({ version: 1 });
    times.push(performance.now() - t0);
    if (!lens.suggestions.length) throw new Error('no suggestions');
  }
  return median(times);
}

const big = `${generate().robotsTxt}${AI_TAIL}`;
console.log(`robots.txt: ${(big.length / 1024).toFixed(0)} KiB`);
console.log(`ai-lens, ~500 KiB file: ${lensMs(big, 7).toFixed(1)} ms (median of 7, worker thread)`);
console.log(`ai-lens, ${SMALL.split('\n').length}-line file: ${lensMs(SMALL, 21).toFixed(2)} ms (median of 21)`);
