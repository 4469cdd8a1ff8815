import { create } from 'zustand';

/** Spec §3 "navbar flag": whether the mobile navigation drawer is open. */
interface UiState {
  navbarOpen: boolean;
  setNavbarOpen: (open: boolean) => void;
  /** Raised by the footer's "Cookie settings" link: the banner shows again to change consent. */
  cookieSettingsRequested: number;
  requestCookieSettings: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  navbarOpen: false,
  setNavbarOpen: (navbarOpen) => set({ navbarOpen }),
  cookieSettingsRequested: 0,
  requestCookieSettings: () =>
    set((state) => ({ cookieSettingsRequested: state.cookieSettingsRequested + 1 })),
}));
