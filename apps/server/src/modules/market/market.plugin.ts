import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { decodeFunctionData, type Hex } from 'viem';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { isNftType, nftTypeName, type NftType } from '@meeet/core/enums';
import type { LedgerNotice } from '../wallet/ledger.service.ts';
import { BUY_SELECTOR } from '../wallet/spendable.ts';
import { buyInterpreter, buyNotice } from './market-watcher.ts';
import { MarketService } from './market.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketplace, built once: its routes, the meetings' mints and the map's cards use it. */
    market: MarketService;
  }
}

/** The level a market row is about, read from its own call data. */
function levelOf(row: LedgerNotice): NftType | null {
  if (!row.callData) return null;
  try {
    const call = decodeFunctionData({ abi: MeeetMarketAbi, data: row.callData as Hex });
    const level = call.args?.[0];
    return isNftType(level) ? level : null;
  } catch {
    return null;
  }
}

function nameOf(level: NftType | null): string {
  return level === null ? 'NFT' : nftTypeName(level);
}

/** The market service and how the chain's ledger reads and tells the market's rows. */
async function market(app: FastifyInstance): Promise<void> {
  app.decorate('market', new MarketService({ db: app.db, chain: app.chain, log: app.log }));
  app.chain.interpret('BUY_NFT', async (tx, row, receipt) => {
    const { chain } = app.chain.require();
    return buyInterpreter(chain, app.marketEvents)(tx, row, receipt);
  });
  app.chain.describe('BUY_NFT', (row) =>
    row.callData?.startsWith(BUY_SELECTOR)
      ? buyNotice(row, levelOf(row))
      : row.status === 'CONFIRMED'
        ? { key: 'market.queue-left', params: { name: nameOf(levelOf(row)) } }
        : buyNotice(row, levelOf(row)),
  );
  // The market's REWARD rows are generators paid by its contract; payouts leave the hot wallet.
  app.chain.describe('REWARD', (row) =>
    app.chain.isFromHotWallet(row) ? undefined : buyNotice(row, null),
  );
  app.chain.describe('APPROVE', () => null);
}

export const marketPlugin = fp(market, {
  name: 'market',
  dependencies: ['chain', 'market-events'],
});
