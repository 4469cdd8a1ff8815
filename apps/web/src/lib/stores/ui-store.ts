import { create } from 'zustand';

/** Spec §3 "navbar flag": whether the mobile navigation drawer is open. */
interface UiState {
  navbarOpen: boolean;
  setNavbarOpen: (open: boolean) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  navbarOpen: false,
  setNavbarOpen: (navbarOpen) => set({ navbarOpen }),
}));
