import type { Database } from '../../db/client.ts';
import type { LocalChainStore } from '../chain/local-chain-store.ts';
import { DEPOSIT_CURSOR } from './deposit-watcher.ts';
import { localDeployments, watcherCursors } from './ledger.service.ts';

/** The wallet's tables as the local development chain needs them (its deployments, the cursor). */
export function localChainStore(db: Database): LocalChainStore {
  return {
    deployment: (chainId) => localDeployments.find(db, chainId),
    saveFreshDeployment: (chainId, contracts) =>
      db.transaction(async (tx) => {
        await localDeployments.save(tx, { chainId, ...contracts });
        await watcherCursors.delete(tx, DEPOSIT_CURSOR);
      }),
    depositCursor: () => watcherCursors.get(db, DEPOSIT_CURSOR),
    setDepositCursor: (block) => watcherCursors.set(db, DEPOSIT_CURSOR, block),
  };
}
