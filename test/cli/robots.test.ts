import { describe, expect, it } from 'vitest';
import { runCli } from './harness';

describe('the robots.txt as the CLI reads it', () => {
  it('cuts a file with invalid UTF-8 at 512,000 bytes of the file, not of its decoded text, and notes both', async () => {
    // Each 0xff byte is one byte of the file but three once decoded (U+FFFD):
    // a cut counted on the decoded text would fall 2,000 bytes too early.
    const head = new Uint8Array([
      ...new TextEncoder().encode('User-agent: *\n# '),
      ...new Array(1000).fill(0xff),
      0x0a,
    ]);
    const filler = `# ${'x'.repeat(998)}\n`.repeat(509);
    const rest = new TextEncoder().encode(`${filler}Disallow: /edge\n${'# padding\n'.repeat(300)}Disallow: /late\n`);
    const bytes = new Uint8Array([...head, ...rest]);
    // Line 512 (Disallow: /edge) ends at byte 510,542 (1,017 + 509 × 1,001 + 16), within the cap;
    // 145 ten-byte padding lines fit in the 1,458 bytes left, so the cut falls in line 658.
    expect(head.length + filler.length + 'Disallow: /edge\n'.length).toBeLessThan(512_000);
    const r = await runCli(['check', 'big.txt', '-a', 'SomeBot', '-f', 'jsonl', '/edge', '/late'], {
      'big.txt': bytes,
    });
    const [edge, late] = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(edge).toMatchObject({ status: 'blocked', line: 512 });
    expect(late).toMatchObject({ status: 'allowed', line: null });
    expect(r.stderr).toContain('Google reads only the first 512,000 bytes, so it stops in line 658 ');
    expect(r.stderr).toContain('note: big.txt is not valid UTF-8');
  });
});
