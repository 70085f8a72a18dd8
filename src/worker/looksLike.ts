/**
 * A text that is not a robots.txt at all: an HTML page (a server's error or
 * login page saved as robots.txt) or a JSON body (an API's error). Crawlers
 * read such a file as lines with no rules, so every URL is allowed; the page
 * says what the text looks like instead of a list of invalid lines.
 */

const HTML_START = /^<(?:!doctype\s+html|html|head|body|!--|meta|title|div|p|script)[\s>]/i;

/** 'html' or 'json' when the text looks like one, else null. Reads only its first and last characters. */
export function looksLike(text: string): 'html' | 'json' | null {
  const head = text.slice(0, 512).replace(/^[\uFEFF\s]+/, '');
  if (HTML_START.test(head)) return 'html';
  const first = head[0];
  if (first !== '{' && first !== '[') return null;
  const tail = text.slice(-512).trimEnd();
  const last = tail[tail.length - 1];
  return (first === '{' && last === '}') || (first === '[' && last === ']') ? 'json' : null;
}
