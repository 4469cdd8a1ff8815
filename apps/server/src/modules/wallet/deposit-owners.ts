import type { DbExecutor } from '../../db/client.ts';
import { walletRepository } from './wallet.repository.ts';

/**
 * For the staff tools: the wallet module's answer to "whose deposit address is this" and "which
 * is this user's", read from the addresses already made (none is made here).
 */
export async function depositAddressOwner(db: DbExecutor, address: string): Promise<number | null> {
  return (await walletRepository.ownersOf(db, [address])).get(address.toLowerCase()) ?? null;
}

export async function depositAddressOf(db: DbExecutor, userId: number): Promise<string | null> {
  return (await walletRepository.findWallet(db, userId))?.address ?? null;
}
