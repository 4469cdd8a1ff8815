import { create } from 'zustand';
import type { Role } from '@meeet/core/roles';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../storage.ts';

/** The part of the user the shell relies on; account screens carry the full profile. */
export interface SessionUser {
  id: number;
  role?: Role;
  [field: string]: unknown;
}

/** Spec §3 auth record, stored as plain JSON `{ token, user }` under the `auth` key. */
export interface AuthRecord {
  token: string | null;
  user: SessionUser | null;
}

interface AuthState extends AuthRecord {
  /**
   * Where a signed-in screen's guard sends the visitor after a logout with a redirect (home),
   * so the guard and the logout do not race to different pages. Not stored.
   */
  signedOutTo: string | null;
  setAuth: (record: { token: string; user?: SessionUser | null }) => void;
  setUser: (user: SessionUser | null) => void;
  clear: (options?: { redirectTo?: string }) => void;
}

function readStoredAuth(): AuthRecord {
  const raw = readStorage(STORAGE_KEYS.auth);
  if (!raw) return { token: null, user: null };
  try {
    const parsed = JSON.parse(raw) as Partial<AuthRecord> | null;
    return {
      token: typeof parsed?.token === 'string' ? parsed.token : null,
      user: parsed?.user && typeof parsed.user === 'object' ? parsed.user : null,
    };
  } catch {
    return { token: null, user: null };
  }
}

function persist(record: AuthRecord): void {
  if (!record.token) {
    removeStorage(STORAGE_KEYS.auth);
    removeStorage(STORAGE_KEYS.accessKey);
    return;
  }
  writeStorage(STORAGE_KEYS.auth, JSON.stringify(record));
  // PRODUCT.md: the socket's accessKey is the same token.
  writeStorage(STORAGE_KEYS.accessKey, record.token);
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  ...readStoredAuth(),
  signedOutTo: null,
  setAuth: ({ token, user = null }) => {
    persist({ token, user });
    set({ token, user, signedOutTo: null });
  },
  setUser: (user) => {
    persist({ token: get().token, user });
    set({ user });
  },
  clear: ({ redirectTo } = {}) => {
    persist({ token: null, user: null });
    set({ token: null, user: null, signedOutTo: redirectTo ?? null });
  },
}));

export function getToken(): string | null {
  return useAuthStore.getState().token;
}
