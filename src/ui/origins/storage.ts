/** The page's keeper of the other origins' files (IndexedDB, in this browser only). */

import { OriginsStorage } from '../../persist/origins';
import { browserShelf } from '../../persist/shelf';
import { useRobotsLab } from '../../state/store';

export const originsStorage = new OriginsStorage(browserShelf, (m) => useRobotsLab.getState().setStorageNotice(m));
