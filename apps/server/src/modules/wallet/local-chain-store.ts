import type { Database } from '../../db/client.ts';
import type { LocalChainStore } from '../chain/local-chain-store.ts';
import { DEPOSIT_CURSOR } from './deposit-watcher.ts';
import { walletRepository as repo } from './wallet.repository.ts';

/** The wallet's tables as the local development chain needs them (its deployments, the cursor). */
export function localChainStore(db: Database): LocalChainStore {
  return {
    async deployment(chainId) {
      const row = await repo.deployment(db, chainId);
      return row && { usdt: row.usdt, token: row.token, market: row.market };
    },
    saveFreshDeployment: (chainId, contracts) =>
      db.transaction(async (tx) => {
        await repo.saveDeployment(tx, { chainId, ...contracts });
        await repo.deleteCursor(tx, DEPOSIT_CURSOR);
      }),
    depositCursor: () => repo.cursor(db, DEPOSIT_CURSOR),
    setDepositCursor: (block) => repo.setCursor(db, DEPOSIT_CURSOR, block),
  };
}
