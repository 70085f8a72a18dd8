/** The rule for opening a link over local work. */
import { DEFAULT_INPUTS } from '../state/inputs';
import { pickState, type ShareState } from './format';

/** The work a state holds, as one string to compare: the selected cell is a view, not work, and is left out. */
const work = (s: ShareState): string => JSON.stringify({ ...pickState(s), selected: null });

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
  pristine: ShareState = DEFAULT_INPUTS,
): boolean {
  const mine = work(local);
  return mine !== work(pristine) && mine !== work(incoming);
}
