/** The page's keeper of the deployed file and its snapshots (IndexedDB, in this browser only). */

import { browserShelf } from '../../persist/shelf';
import { DeployStorage } from '../../state/deploy';

export const deployStorage = new DeployStorage(browserShelf);
