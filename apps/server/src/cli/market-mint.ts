import { parseNftType } from '@meeet/core/enums';
import { loadConfig } from '../config.ts';
import { createDatabase, createPool } from '../db/client.ts';
import type { Chain } from '../modules/chain/chain.client.ts';
import { localChainFile, remoteChain, runningLocalChain } from '../modules/chain/connect-chain.ts';
import { mintStock } from '../modules/market/market.service.ts';
import { commandDatabaseUrl, runCommand, UsageError } from './run-command.ts';

const USAGE =
  'Usage: npm run market:mint -w @meeet/server -- <level: silver|gold|platinum|0-2> <count 1-100>';

/**
 * Mints genesis stock into the market with the platform's hot wallet (MINTER_ROLE), as
 * `POST /crypto/market/mint` does. With CHAIN_RPC_URL: that chain and its configured
 * contracts; else the local chain of the RUNNING dev server (its URL is in DATA_DIR). Queued
 * buyers are served at once; the server's market watcher records their tokens.
 */
async function main(): Promise<number> {
  const [levelText, countText, ...extra] = process.argv.slice(2);
  const level = parseNftType(levelText);
  const count = Number(countText);
  if (level === null || extra.length > 0) throw new UsageError(`unknown level "${levelText}"`);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new UsageError(`count: "${countText}" is not a whole number from 1 to 100`);
  }
  const config = loadConfig();
  const c = config.chain;
  let chain: Chain;
  if (c.rpcUrl) {
    if (!c.chainId || !c.usdtAddress)
      throw new UsageError('CHAIN_ID and USDT_ADDRESS are required');
    chain = remoteChain(c);
  } else {
    const local = runningLocalChain(config);
    if (!local) {
      throw new UsageError(
        `no local chain (${localChainFile(config.dataDir)}); start the server first (npm run dev)`,
      );
    }
    chain = local;
  }
  if (!chain.contracts.market) throw new UsageError('no market contract on this chain');
  const pool = createPool(await commandDatabaseUrl(config));
  try {
    const result = await mintStock(createDatabase(pool), chain, level, count);
    console.log(
      `Minted ${result.tokenIds.length} (ids ${result.tokenIds.join(', ')}) in ${result.hash}: ` +
        `${result.served} to queued buyers; stock ${result.stock}, queue ${result.queueLength}`,
    );
    return 0;
  } finally {
    await pool.end();
  }
}

await runCommand(USAGE, main);
