/**
 * base64url (RFC 4648 §5) without padding, on the platform's `btoa` and
 * `atob`, strict on the way in: a share link's data is untrusted, so any
 * character outside the alphabet, or a length no encoder produces, is an
 * error rather than silently skipped (`atob` alone would forgive both).
 */

/** Encodes bytes as base64url, without `=` padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with megabytes of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes unpadded base64url; null when the text is not exactly that. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[\w-]*$/.test(text) || text.length % 4 === 1) return null;
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}
