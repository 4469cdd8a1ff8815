import type { Address } from 'viem';
import type { Database } from '../../db/client.ts';
import type { Chain } from '../chain/chain.client.ts';
import { TOKEN_TRANSFER_GAS } from './tx-sender.ts';
import { walletRepository as repo } from './wallet.repository.ts';

/** The gas price now and the fee of one token transfer at it. */
export async function transferGas(chain: Chain): Promise<{ gasPrice: bigint; fee: bigint }> {
  const gasPrice = await chain.publicClient.getGasPrice();
  return { gasPrice, fee: gasPrice * TOKEN_TRANSFER_GAS };
}

/** The user's deposit address, recorded so the watcher credits what arrives there. */
export async function ensureDepositAddress(
  db: Database,
  chain: Chain,
  userId: number,
): Promise<Address> {
  const address = chain.keys.depositAccount(userId).address;
  await repo.ensureWallet(db, userId, address);
  return address;
}
