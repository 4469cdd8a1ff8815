import { create } from 'zustand';

/** The signed-in user's profile as the server returns it; its fields arrive with accounts. */
export type Profile = Record<string, unknown>;

interface ProfileState {
  profile: Profile | null;
  setProfile: (profile: Profile | null) => void;
  clear: () => void;
}

export const useProfileStore = create<ProfileState>()((set) => ({
  profile: null,
  setProfile: (profile) => set({ profile }),
  clear: () => set({ profile: null }),
}));
