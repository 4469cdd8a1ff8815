import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFFILIATE_ATTRIBUTION_HOURS } from '@meeet/core/constants';
import {
  captureAffiliateParams,
  clearExpiredAffiliate,
  startAffiliateExpiryTimer,
} from './affiliate.ts';
import { STORAGE_KEYS } from './storage.ts';

const HOUR = 60 * 60 * 1000;
const PERIOD = AFFILIATE_ATTRIBUTION_HOURS * HOUR;
const NOW = Date.UTC(2025, 0, 1);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('captureAffiliateParams', () => {
  it('stores cpa with a 720 h expiry and uid beside it', () => {
    captureAffiliateParams('?cpa=link-1&uid=click-2');
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBe('link-1');
    expect(localStorage.getItem(STORAGE_KEYS.cpaUid)).toBe('click-2');
    expect(localStorage.getItem(STORAGE_KEYS.cpaExpiration)).toBe(String(NOW + 720 * HOUR));
  });

  it('ignores uid without cpa', () => {
    captureAffiliateParams('?uid=click-2');
    expect(localStorage.getItem(STORAGE_KEYS.cpaUid)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBeNull();
  });

  it('drops an older uid when a new cpa comes without one', () => {
    captureAffiliateParams('?cpa=a&uid=old');
    captureAffiliateParams('?cpa=b');
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBe('b');
    expect(localStorage.getItem(STORAGE_KEYS.cpaUid)).toBeNull();
  });

  it('stores a truthy nft as buyingNftId only', () => {
    captureAffiliateParams('?nft=0');
    expect(localStorage.getItem(STORAGE_KEYS.buyingNftId)).toBeNull();
    captureAffiliateParams('?nft=abc');
    expect(localStorage.getItem(STORAGE_KEYS.buyingNftId)).toBeNull();
    captureAffiliateParams('?nft=12');
    expect(localStorage.getItem(STORAGE_KEYS.buyingNftId)).toBe('12');
  });
});

describe('affiliate expiry', () => {
  it('clears only after the expiry has passed', () => {
    captureAffiliateParams('?cpa=link&uid=u');
    expect(clearExpiredAffiliate(NOW + PERIOD - 1)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBe('link');
    expect(clearExpiredAffiliate(NOW + PERIOD)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cpaUid)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cpaExpiration)).toBeNull();
  });

  it('checks at once on start', () => {
    localStorage.setItem(STORAGE_KEYS.cpa, 'old');
    localStorage.setItem(STORAGE_KEYS.cpaExpiration, String(NOW - 1));
    const stop = startAffiliateExpiryTimer();
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBeNull();
    stop();
  });

  it('clears when the 720 h timer fires, not before', () => {
    captureAffiliateParams('?cpa=link&uid=u');
    const stop = startAffiliateExpiryTimer();

    vi.advanceTimersByTime(PERIOD - 1);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBe('link');

    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cpaUid)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cpaExpiration)).toBeNull();
    stop();
  });

  it('keeps a code captured after load until a later period', () => {
    const stop = startAffiliateExpiryTimer();
    vi.advanceTimersByTime(HOUR);
    captureAffiliateParams('?cpa=late');
    vi.advanceTimersByTime(PERIOD - HOUR);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBe('late');
    vi.advanceTimersByTime(PERIOD);
    expect(localStorage.getItem(STORAGE_KEYS.cpa)).toBeNull();
    stop();
  });
});
