import { executorOf, type Tx } from '../../plugins/db.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * For the staff tools: the wallet module's answer to "whose deposit address is this" and "which
 * is this user's", read from the addresses already made (none is made here).
 */
export async function depositAddressOwner(tx: Tx, address: string): Promise<number | null> {
  return (
    (await walletRepository.ownersOf(executorOf(tx), [address])).get(address.toLowerCase()) ?? null
  );
}

export async function depositAddressOf(tx: Tx, userId: number): Promise<string | null> {
  return (await walletRepository.findWallet(executorOf(tx), userId))?.address ?? null;
}
