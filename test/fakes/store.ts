import { createInputsStorage, type InputsStorage } from '../../src/persist/inputs';
import { useRobotsLab } from '../../src/state/store';

/** Saves nothing and reads nothing back. */
const noStorage = (): InputsStorage => createInputsStorage({ storage: () => undefined, onNotice: () => {} });

/**
 * The page's one store as a new tab finds it: its state back to the first
 * visit's, then its inputs read from `storage` as on a reload (zustand's
 * persist API). With no storage, nothing was saved.
 */
export function freshLabStore(storage: InputsStorage = noStorage()): typeof useRobotsLab {
  // Reset while writing nowhere, so the reset never overwrites what `storage` holds.
  useRobotsLab.persist.setOptions({ storage: noStorage() });
  useRobotsLab.setState(useRobotsLab.getInitialState(), true);
  useRobotsLab.persist.setOptions({ storage });
  void useRobotsLab.persist.rehydrate();
  return useRobotsLab;
}
