import { describe, expect, it } from 'vitest';
import { KycStatus } from '../enums.ts';
import {
  canEditKycPhotos,
  canReopenKyc,
  canTransitionKyc,
  checkKycTransition,
  currentKycStep,
  KYC_TRANSITIONS,
  KycActor,
  nextKycStatuses,
} from './kyc-status.ts';

const allowed = new Set(KYC_TRANSITIONS.map((t) => `${t.from}>${t.to}:${t.by}`));

describe('KYC status machine', () => {
  it('lets the user submit a draft or a rejected application, and nothing else', () => {
    expect(nextKycStatuses('draft', KycActor.USER)).toEqual(['requested']);
    expect(nextKycStatuses('rejected', KycActor.USER)).toEqual(['requested']);
    for (const from of ['requested', 'approved', 'rejected_forever'] as const) {
      expect(nextKycStatuses(from, KycActor.USER)).toEqual([]);
    }
  });

  it('lets the moderator decide, re-check and revoke', () => {
    expect(nextKycStatuses('requested', KycActor.MODERATOR)).toEqual([
      'approved',
      'rejected',
      'rejected_forever',
    ]);
    expect(nextKycStatuses('approved', KycActor.MODERATOR)).toEqual([
      'requested',
      'rejected',
      'rejected_forever',
      // The allowed level changes (the answer to a higher-level request).
      'approved',
    ]);
    expect(nextKycStatuses('draft', KycActor.MODERATOR)).toEqual([]);
    expect(nextKycStatuses('rejected_forever', KycActor.MODERATOR)).toEqual([]);
  });

  it('refuses every pair not in the table, for both actors', () => {
    for (const from of Object.values(KycStatus)) {
      for (const to of Object.values(KycStatus)) {
        for (const by of [KycActor.USER, KycActor.MODERATOR]) {
          const expected = allowed.has(`${from}>${to}:${by}`);
          expect(canTransitionKyc(from, to, by)).toBe(expected);
          expect(checkKycTransition(from, to, by)).toBe(
            expected ? null : 'kyc.transition-forbidden',
          );
        }
      }
    }
  });

  it('allows photo changes only while nothing is under review', () => {
    expect(canEditKycPhotos('draft')).toBe(true);
    expect(canEditKycPhotos('rejected')).toBe(true);
    expect(canEditKycPhotos('requested')).toBe(false);
    expect(canEditKycPhotos('approved')).toBe(false);
    expect(canEditKycPhotos('rejected_forever')).toBe(false);
  });

  it('names the first step still to do', () => {
    const none = { profileComplete: false, hasDocument: false, hasSelfie: false };
    expect(currentKycStep(none)).toBe('profile');
    expect(currentKycStep({ ...none, profileComplete: true })).toBe('document');
    expect(currentKycStep({ profileComplete: true, hasDocument: true, hasSelfie: false })).toBe(
      'selfie',
    );
    expect(currentKycStep({ profileComplete: true, hasDocument: true, hasSelfie: true })).toBe(
      'submit',
    );
  });

  it('re-opens only an approved or permanently rejected verification', () => {
    const reopenable = Object.values(KycStatus).filter(canReopenKyc);
    expect(reopenable.sort()).toEqual([KycStatus.APPROVED, KycStatus.REJECTED_FOREVER].sort());
  });
});
