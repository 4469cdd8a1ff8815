import { create } from 'zustand';
import type { CryptoInfoResponse, FeeResponse } from '@meeet/core/api/crypto';

/**
 * Spec §3 client state "crypto info" (GET /crypto) and "fees" (GET /crypto/fee), typed by
 * core's contract (type-only imports: no schema code in the shell).
 */
interface CryptoState {
  info: CryptoInfoResponse | null;
  fees: FeeResponse | null;
  setInfo: (info: CryptoInfoResponse | null) => void;
  setFees: (fees: FeeResponse | null) => void;
}

export const useCryptoStore = create<CryptoState>()((set) => ({
  info: null,
  fees: null,
  setInfo: (info) => set({ info }),
  setFees: (fees) => set({ fees }),
}));
