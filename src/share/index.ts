/**
 * Share links and state files: the whole page state in a URL fragment
 * (`#s=v1.…`, compressed, never sent to a server) or, when too large for a
 * link, in a versioned JSON file. Pure: no React, no store. The format is
 * described in format.ts. The React buttons are in ShareControls.tsx (not
 * re-exported here, so that this entry point stays free of React).
 */

export { MAX_FILE_CHARS, stateFromFile, stateToFile } from './file';
export {
  FILE_FORMAT,
  FRAGMENT_PREFIX,
  LIMITS,
  MAX_FRAGMENT_CHARS,
  MAX_LINK_JSON_BYTES,
  type ReadResult,
  SHARE_VERSION,
  type ShareState,
} from './format';
export { decodeLink, type EncodeResult, encodeLink, isShareFragment } from './link';
export { inputsToShare, sameWork, shareToInputs, shouldAskBeforeReplacing } from './persisted';
export { validateState } from './validate';
