import { create } from 'zustand';

/** Spec §3 client state "crypto info" (GET /crypto) and "fees" (GET /crypto/fee). */
interface CryptoState {
  info: Record<string, unknown> | null;
  fees: Record<string, unknown> | null;
  setInfo: (info: Record<string, unknown> | null) => void;
  setFees: (fees: Record<string, unknown> | null) => void;
}

export const useCryptoStore = create<CryptoState>()((set) => ({
  info: null,
  fees: null,
  setInfo: (info) => set({ info }),
  setFees: (fees) => set({ fees }),
}));
