import { authResponseSchema, type AuthResponse, type UserPrivate } from '@meeet/core/api/user';
import { readItem, removeItem, writeItem } from './storage';
import { STORAGE_KEYS } from './storage-keys.ts';
import { createStore, useStore } from './store.ts';

export interface SessionState {
  /** False until the stored auth record has been read. */
  ready: boolean;
  auth: AuthResponse | null;
}

export const sessionStore = createStore<SessionState>({ ready: false, auth: null });
const signOutListeners = new Set<() => void>();

/** Reads the auth record (spec §3, key `auth`) kept in the device's secure store. */
export async function restoreSession(): Promise<void> {
  const text = await readItem(STORAGE_KEYS.auth);
  let auth: AuthResponse | null = null;
  if (text) {
    try {
      const parsed = authResponseSchema.safeParse(JSON.parse(text));
      if (parsed.success) auth = parsed.data;
    } catch {
      auth = null;
    }
  }
  sessionStore.set({ ready: true, auth });
}

/** Keeps the auth record and the socket's accessKey (the same token, PRODUCT.md). */
export async function saveAuth(auth: AuthResponse): Promise<void> {
  sessionStore.set({ ready: true, auth });
  await writeItem(STORAGE_KEYS.auth, JSON.stringify(auth));
  await writeItem(STORAGE_KEYS.accessKey, auth.token);
}

export async function saveUser(user: UserPrivate): Promise<void> {
  const current = sessionStore.get().auth;
  if (!current) return;
  await saveAuth({ ...current, user });
}

export function token(): string | null {
  return sessionStore.get().auth?.token ?? null;
}

export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Spec §4 logout: the socket closes and the stored auth, profile and wallet are cleared. */
export async function signOut(): Promise<void> {
  sessionStore.set({ ready: true, auth: null });
  for (const listener of signOutListeners) listener();
  await removeItem(STORAGE_KEYS.auth);
  await removeItem(STORAGE_KEYS.accessKey);
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}
