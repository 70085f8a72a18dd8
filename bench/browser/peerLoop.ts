/**
 * robots-parser in a plain loop in the browser, over a File as the page
 * reads logs (file.stream(), TextDecoderStream, lines): the peer row of
 * bench/browser/logs.bench.ts, bundled by esbuild and run in a blank page.
 * The same loop as bench/logs.ts's: one regular expression, the version
 * live at the line's date, one isAllowed a line.
 */
import robotsParser from 'robots-parser';
import { ORIGIN, peerToken, V_TIMES } from '../logPeer';

/** Lines per second over what the loop got through in `budgetMs`. */
export async function runPeer(file: File, texts: string[], budgetMs: number): Promise<{ lines: number; ms: number }> {
  const parsers = texts.map((t) => robotsParser(`${ORIGIN}/robots.txt`, t));
  const line = /^(\S+) \S+ \S+ \[([^\]]+)\] "\S+ (\S+)[^"]*" \d+ \S+ "[^"]*" "([^"]*)"/;
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  const t0 = performance.now();
  let n = 0;
  let blocked = 0;
  let rest = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const lines = (rest + r.value).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) {
      const m = line.exec(l);
      if (m) {
        const t = Date.parse(m[2].replace(':', ' '));
        const v = t >= V_TIMES[2] ? 2 : t >= V_TIMES[1] ? 1 : 0;
        if (parsers[v].isAllowed(`${ORIGIN}${m[3]}`, peerToken(m[4])) === false) blocked++;
      }
      n++;
    }
    if (performance.now() - t0 > budgetMs) break;
  }
  await reader.cancel();
  return { lines: n + (blocked < 0 ? 1 : 0), ms: performance.now() - t0 };
}
