import { create } from 'zustand';

/** Spec §3 wallet; amounts stay decimal strings (PRODUCT.md: never floats). */
export interface Wallet {
  balance?: string;
  address?: string;
  blockchain?: string;
  network?: string;
  symbol?: string;
  amount?: string;
  withdrawableAmount?: string;
  nativeBalance?: string;
  transferFee?: string;
  nfts?: Array<{ id: number; type: number; [field: string]: unknown }>;
}

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
