import { createNonceManager, mnemonicToAccount } from 'viem/accounts';
import { jsonRpc } from 'viem/nonce';
import { ANVIL_MNEMONIC } from '@meeet/contracts/anvil';
import { USDT_DECIMALS } from '@meeet/core/constants';
import { parseTokenAmount } from '@meeet/core/rules/amount';
import { loadConfig } from '../config.ts';
import { createDatabase, createPool } from '../db/client.ts';
import { localChainFile, runningLocalChain } from '../modules/chain/connect-chain.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { ledger } from '../modules/wallet/ledger.service.ts';
import { txOf } from '../plugins/db.ts';
import { fundAddress } from '../modules/wallet/wallet.service.ts';
import { commandDatabaseUrl, runCommand, UsageError } from './run-command.ts';

const USAGE = 'Usage: npm run dev:fund -w @meeet/server -- <email> [usdt=1000] [bnb=1]';

function amount(text: string | undefined, fallback: string, name: string): bigint {
  const result = parseTokenAmount(text ?? fallback, USDT_DECIMALS);
  if (!result.ok) throw new UsageError(`${name}: "${text}" is not a positive amount`);
  return result.units;
}

/**
 * Development only: mints test USDT and sends BNB to a user's deposit address on the local
 * chain of the RUNNING dev server (its node URL and contracts are in DATA_DIR). The server's
 * deposit watcher then records the deposits as it would real ones.
 */
async function main(): Promise<number> {
  const [email, usdtText, bnbText, ...extra] = process.argv.slice(2);
  if (!email || extra.length > 0) throw new UsageError('an e-mail address is required');
  const usdt = amount(usdtText, '1000', 'usdt');
  const bnb = amount(bnbText, '1', 'bnb');
  const config = loadConfig();
  if (config.chain.rpcUrl)
    throw new UsageError('CHAIN_RPC_URL is set: dev funding is for the local chain only');
  const chain = runningLocalChain(config, {
    devFunder: mnemonicToAccount(ANVIL_MNEMONIC, {
      // Its own nonce memory: a fresh node with the same chain id starts again at 0.
      nonceManager: createNonceManager({ source: jsonRpc() }),
    }),
  });
  if (!chain) {
    throw new UsageError(
      `no local chain (${localChainFile(config.dataDir)}); start the server first (npm run dev)`,
    );
  }
  const pool = createPool(await commandDatabaseUrl(config));
  try {
    const db = createDatabase(pool);
    const user = await usersRepository.findByEmail(db, email);
    if (!user) throw new UsageError(`no user with e-mail ${email}`);
    const address = chain.keys.depositAccount(user.id).address;
    await ledger.openWallet(txOf(db), user.id, address);
    const result = await fundAddress(chain, address, { usdt, bnb });
    console.log(
      `User #${user.id} ${address}: sent ${usdtText ?? '1000'} USDT and ${bnbText ?? '1'} BNB`,
    );
    for (const hash of result.hashes) console.log(`  ${hash}`);
    return 0;
  } finally {
    await pool.end();
  }
}

await runCommand(USAGE, main);
