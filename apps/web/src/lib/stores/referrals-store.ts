import { create } from 'zustand';

/** Spec §3 client state "referrals": the loaded referral list pages. */
interface ReferralsState {
  referrals: Array<Record<string, unknown>>;
  setReferrals: (referrals: Array<Record<string, unknown>>) => void;
}

export const useReferralsStore = create<ReferralsState>()((set) => ({
  referrals: [],
  setReferrals: (referrals) => set({ referrals }),
}));
