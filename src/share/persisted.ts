/**
 * The rule for opening a link over local work. The store's persisted inputs
 * (src/state/inputs.ts) are a `ShareState` as they are: `pickState` takes
 * either to the other, and a change to `Inputs` that breaks this fails to
 * compile where the page passes one for the other.
 */
import { DEFAULT_INPUTS } from '../state/inputs';
import { pickState, type ShareState } from './format';

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
  pristine: ShareState = pickState(DEFAULT_INPUTS),
): boolean {
  return !sameWork(local, pristine) && !sameWork(local, incoming);
}
