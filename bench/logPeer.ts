/** What the logs benches' robots-parser loops share with the generated log: its site, dates and a simple token reader. */

export const ORIGIN = 'https://www.example.com';
/** The log's month starts here. */
export const START = Date.UTC(2026, 8, 1);
/** When each of the three robots.txt versions went live. */
export const V_TIMES = [START - 86_400_000, START + 10 * 86_400_000, START + 22 * 86_400_000];

/** The crawler token a simple reader takes from a user agent: `compatible; X/…`, else the first product. */
export function peerToken(ua: string): string {
  const m = /compatible; ([A-Za-z_-]+)/.exec(ua) ?? /\(([A-Za-z_-]+)\/[\d.]+;/.exec(ua) ?? /^([A-Za-z_-]+)/.exec(ua);
  return m ? m[1] : ua;
}
