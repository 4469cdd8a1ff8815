import { create } from 'zustand';
import { DEFAULT_NFT_TYPE } from '@meeet/core/constants';
import type { NftType } from '@meeet/core/enums';

/** Spec §3 client state: the market queue and the selected token level. */
export interface QueueState {
  position: number;
  nftType: NftType;
  [field: string]: unknown;
}

interface MarketState {
  queue: QueueState[];
  selectedNftType: NftType;
  setQueue: (queue: QueueState[]) => void;
  selectNftType: (type: NftType) => void;
}

export const useMarketStore = create<MarketState>()((set) => ({
  queue: [],
  selectedNftType: DEFAULT_NFT_TYPE,
  setQueue: (queue) => set({ queue }),
  selectNftType: (selectedNftType) => set({ selectedNftType }),
}));
