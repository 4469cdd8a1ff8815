import type { StorageKey } from './storage-keys.ts';

/** The web build keeps the spec's browser storage entries (§3) in localStorage. */
export async function readItem(key: StorageKey): Promise<string | null> {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export async function writeItem(key: StorageKey, value: string): Promise<void> {
  window.localStorage.setItem(key, value);
}

export async function removeItem(key: StorageKey): Promise<void> {
  window.localStorage.removeItem(key);
}
