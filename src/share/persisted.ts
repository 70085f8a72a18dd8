/** Saved inputs read back, and the rule for opening a link over local work. */
import { DEFAULT_INPUTS, type Inputs } from '../state/inputs';
import { pickState, type ShareState } from './format';
import { readFields } from './validate';

/**
 * Reads persisted inputs of any shape and version, keeping every field that
 * is valid and taking the default for the rest. There is one format so far,
 * so an older or foreign entry is read the same way.
 */
export function migrateInputs(raw: unknown): Inputs {
  return readFields(raw, DEFAULT_INPUTS);
}

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
