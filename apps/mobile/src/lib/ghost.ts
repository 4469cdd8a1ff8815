import { readItem, writeItem } from './storage';
import { STORAGE_KEYS } from './storage-keys.ts';
import { createStore } from './store.ts';

/** Ghost mode as the user wants it; applied to the hand whenever one is up. */
export const ghostPreference = createStore(false);

export async function restoreGhost(): Promise<void> {
  ghostPreference.set((await readItem(STORAGE_KEYS.ghost)) === 'true');
}

export async function setGhostPreference(ghost: boolean): Promise<void> {
  ghostPreference.set(ghost);
  await writeItem(STORAGE_KEYS.ghost, String(ghost));
}
