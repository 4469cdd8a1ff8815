import { adsPaths } from '@meeet/core/api/ads-paths';
import { api } from '../../lib/api.ts';
import { readItem, writeItem } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { createStore } from '../../lib/store.ts';
import { trackingAllowed } from './tracking';

/** 'unknown' until read from storage; 'ask' until the user chose. */
export type AdsChoice = 'unknown' | 'ask' | 'personalised' | 'general';
export const adsChoice = createStore<AdsChoice>('unknown');

export async function restoreAdsChoice(): Promise<void> {
  const saved = await readItem(STORAGE_KEYS.adsConsent);
  adsChoice.set(saved === 'personalised' || saved === 'general' ? saved : 'ask');
}

/**
 * The user's answer to "ads that match your profile?". On iOS a yes also needs App Tracking
 * Transparency's permission (Apple's rule for personalised ads); a no there makes the ads
 * general whatever was tapped. The server records the consent for the account, as the web's
 * cookie banner does, and decides personalisation from it alone.
 */
export async function chooseAds(personalised: boolean): Promise<AdsChoice> {
  const allowed = personalised && (await trackingAllowed());
  const choice: AdsChoice = allowed ? 'personalised' : 'general';
  const saved = await api.post(adsPaths.consent, { terms: true, analytics: false, ads: allowed });
  if (saved.ok) {
    adsChoice.set(choice);
    await writeItem(STORAGE_KEYS.adsConsent, choice);
  }
  return choice;
}
