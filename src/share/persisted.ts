/**
 * The bridge between the store's persisted inputs (src/state/inputs.ts) and
 * the share format, and the rule for opening a link over local work. Typed
 * against the store's `Inputs`, so a change there fails to compile here.
 */
import { DEFAULT_INPUTS, type Inputs } from '../state/inputs';
import type { ShareState } from './format';

/** The persisted inputs as a share payload (fresh arrays and objects: the store's are never shared by reference). */
export function inputsToShare(inputs: Inputs): ShareState {
  return {
    robotsText: inputs.robotsText,
    robotsUrl: inputs.robotsUrl,
    urlText: inputs.urlText,
    crawlers: { profiles: [...inputs.crawlers.profiles], tokens: [...inputs.crawlers.tokens] },
    settings: { normalise: inputs.settings.normalise, fetchStatus: inputs.settings.fetchStatus },
    selected: inputs.selected && { row: inputs.selected.row, col: inputs.selected.col },
  };
}

/** A validated share payload as the store's inputs (what `loadExample` takes). */
export function shareToInputs(state: ShareState): Inputs {
  return {
    robotsText: state.robotsText,
    robotsUrl: state.robotsUrl,
    urlText: state.urlText,
    crawlers: { profiles: [...state.crawlers.profiles], tokens: [...state.crawlers.tokens] },
    settings: { normalise: state.settings.normalise, fetchStatus: state.settings.fetchStatus },
    selected: state.selected && { row: state.selected.row, col: state.selected.col },
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether two states hold the same work; the selected cell is a view, not work, and is not compared. */
function sameWork(a: ShareState, b: ShareState): boolean {
  return (
    a.robotsText === b.robotsText &&
    a.robotsUrl === b.robotsUrl &&
    a.urlText === b.urlText &&
    sameList(a.crawlers.profiles, b.crawlers.profiles) &&
    sameList(a.crawlers.tokens, b.crawlers.tokens) &&
    a.settings.normalise === b.settings.normalise &&
    a.settings.fetchStatus === b.settings.fetchStatus
  );
}

/**
 * Whether opening a shared state must ask first: only when the page holds
 * local work (anything other than the first-visit `pristine` state) that the
 * incoming state would replace with something different. Opening a link on
 * a fresh page, or the same state twice, replaces nothing worth asking about.
 * `pristine` defaults to the page's first-visit example.
 */
export function shouldAskBeforeReplacing(
  local: ShareState,
  incoming: ShareState,
  pristine: ShareState = inputsToShare(DEFAULT_INPUTS),
): boolean {
  return !sameWork(local, pristine) && !sameWork(local, incoming);
}
