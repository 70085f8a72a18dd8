/** Text chunks cut into lines (LF or CR LF), for a host whose stream gives text, not lines. */
export class LineSplitter {
  private rest = '';

  /** The whole lines a chunk completes; a piece with no line end yet waits for the next chunk. */
  push(chunk: string): string[] {
    const lines = chunk.split('\n');
    if (this.rest.length > 0) lines[0] = this.rest + lines[0];
    this.rest = lines.pop() ?? '';
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
    }
    return lines;
  }

  /** The last line, when the text does not end with a line end. */
  end(): string[] {
    const r = this.rest;
    this.rest = '';
    return r.length > 0 ? [r.endsWith('\r') ? r.slice(0, -1) : r] : [];
  }
}
