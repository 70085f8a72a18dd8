/**
 * Share links: a `ShareState` to and from a URL fragment `#s=v1.<data>`
 * (the format is described in format.ts). The fragment never reaches a
 * server; decoding treats it as hostile input and never throws.
 */
import { fromBase64Url, toBase64Url } from './base64url';
import { deflateRaw, inflateRaw } from './deflate';
import {
  FRAGMENT_PREFIX,
  MAX_FRAGMENT_CHARS,
  MAX_LINK_JSON_BYTES,
  pickState,
  type ReadResult,
  type ShareState,
} from './format';
import { validateState } from './validate';

/** A link was made (`fragment` starts with `#`), or the state is too large for one. */
export type EncodeResult = { ok: true; fragment: string } | { ok: false; message: string };

const tooLarge = (fragmentChars: number | null): EncodeResult => ({
  ok: false,
  message:
    fragmentChars === null
      ? 'This state is too large for a share link. Export it as a file instead.'
      : `This state needs a ${Math.ceil(fragmentChars / 1024)} KB link, over the ${MAX_FRAGMENT_CHARS / 1024} KB ` +
        'that chat apps and mail clients pass on intact. Export it as a file instead.',
});

/**
 * Encodes the whole state into a fragment, or says it is too large for a
 * link (over `MAX_FRAGMENT_CHARS`): the caller then offers a state file.
 */
export async function encodeLink(state: ShareState): Promise<EncodeResult> {
  const json = new TextEncoder().encode(JSON.stringify(pickState(state)));
  // Past the cap no fragment of 32 KiB can hold it: skip compressing megabytes.
  if (json.length > MAX_LINK_JSON_BYTES) return tooLarge(null);
  const fragment = FRAGMENT_PREFIX + toBase64Url(await deflateRaw(json));
  return fragment.length > MAX_FRAGMENT_CHARS ? tooLarge(fragment.length) : { ok: true, fragment };
}

/** True when a location hash is a share link of any version (`#s=v…`), so the page should try to open it. */
export function isShareFragment(hash: string): boolean {
  return /^#?s=v\d+\./.test(hash);
}

/**
 * Decodes a location hash made by `encodeLink`. Every failure (another
 * version, a cut or altered link, a "zip bomb", a payload that is not a
 * state) comes back as `{ ok: false, error }` with a message for the user.
 */
export async function decodeLink(hash: string): Promise<ReadResult> {
  const h = hash.startsWith('#') ? hash : `#${hash}`;
  const version = /^#s=v(\d+)\./.exec(h);
  if (!version) return { ok: false, error: 'This address holds no shared state.' };
  if (!h.startsWith(FRAGMENT_PREFIX)) {
    return {
      ok: false,
      error: `This link was made by a newer Robots Lab (format v${version[1]}); it cannot be opened here.`,
    };
  }
  if (h.length > MAX_FRAGMENT_CHARS * 2) return { ok: false, error: 'This share link is far too long to be genuine.' };
  const bytes = fromBase64Url(h.slice(FRAGMENT_PREFIX.length));
  if (!bytes) return { ok: false, error: 'This share link is damaged (it has characters a link never contains).' };
  const json = await inflateRaw(bytes, MAX_LINK_JSON_BYTES);
  if (json === 'corrupt') return { ok: false, error: 'This share link is damaged or cut short; ask for it again.' };
  if (json === 'too-large') return { ok: false, error: 'This share link expands to more data than a link may hold.' };
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return { ok: false, error: 'This share link is damaged (its content is not a readable state).' };
  }
  return validateState(raw);
}
