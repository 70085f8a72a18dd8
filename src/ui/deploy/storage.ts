/** The page's keeper of the deployed file and its snapshots (IndexedDB, in this browser only). */
import { DeployStorage } from '../../state/deploy';
import { indexedDbStore } from '../../worker/idb';

export const deployStorage = new DeployStorage(indexedDbStore());
