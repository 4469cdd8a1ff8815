import { create } from 'zustand';
import type { WalletResponse } from '@meeet/core/api/crypto';

/**
 * Spec §3 client state "wallet": the last GET /crypto/wallet answer (core's contract type;
 * a type-only import, so no schema code reaches the shell). Amounts stay decimal strings of
 * the smallest unit (PRODUCT.md: never floats). Cleared on logout (spec §4).
 */
export type Wallet = WalletResponse;

interface WalletState {
  wallet: Wallet | null;
  setWallet: (wallet: Wallet | null) => void;
  clear: () => void;
}

export const useWalletStore = create<WalletState>()((set) => ({
  wallet: null,
  setWallet: (wallet) => set({ wallet }),
  clear: () => set({ wallet: null }),
}));
