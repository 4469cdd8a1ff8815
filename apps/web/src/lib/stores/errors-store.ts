import { create } from 'zustand';

/** Spec §8: every failed call is recorded by URL with its status and message. */
export interface ApiErrorEntry {
  code: number;
  url: string;
  message: string;
}

// Enough history to debug a session without growing for ever in a long-lived tab.
const MAX_ERRORS = 50;

interface ErrorsState {
  errors: ApiErrorEntry[];
  record: (entry: ApiErrorEntry) => void;
  clear: () => void;
}

export const useErrorsStore = create<ErrorsState>()((set) => ({
  errors: [],
  record: (entry) => set((state) => ({ errors: [...state.errors, entry].slice(-MAX_ERRORS) })),
  clear: () => set({ errors: [] }),
}));
