import { describe, expect, it } from 'vitest';
import {
  BusinessCategory,
  BusinessStatus,
  Gender,
  isGender,
  isNftType,
  KycStatus,
  MediaAlbum,
  Mood,
  NewsStatus,
  NFT_TYPE_NAMES,
  NFT_TYPES,
  NftType,
  nftTypeName,
  parseNftType,
  Period,
  PERIOD_DAYS,
  periodStart,
  ReferralLevel,
  RewardAction,
  TransactionStatus,
  TransactionType,
} from './enums.ts';
import { hasRole, Role } from './roles.ts';
import {
  businessCategorySchema,
  businessStatusSchema,
  genderSchema,
  kycStatusSchema,
  mediaAlbumSchema,
  moodSchema,
  newsStatusSchema,
  nftTypeSchema,
  periodSchema,
  referralLevelSchema,
  rewardActionSchema,
  roleSchema,
  transactionStatusSchema,
  transactionTypeSchema,
} from './enum-schemas.ts';

describe('enums match spec §3', () => {
  it('NftType', () => {
    expect(NftType).toEqual({ SILVER: 0, GOLD: 1, PLATINUM: 2 });
    expect(NFT_TYPES).toEqual([0, 1, 2]);
    expect(NFT_TYPE_NAMES).toEqual(['Silver', 'Gold', 'Platinum']);
    expect(nftTypeName(NftType.GOLD)).toBe('Gold');
    expect(nftTypeSchema.safeParse(2).success).toBe(true);
    expect(nftTypeSchema.safeParse(3).success).toBe(false);
    expect(nftTypeSchema.safeParse('1').success).toBe(false);
  });

  it('parseNftType is lenient but never guesses', () => {
    expect(parseNftType(0)).toBe(0);
    expect(parseNftType('2')).toBe(2);
    expect(parseNftType(' 1 ')).toBe(1);
    expect(parseNftType('gold')).toBe(1);
    expect(parseNftType('PLATINUM')).toBe(2);
    expect(parseNftType('Silver')).toBe(0);
    for (const bad of [3, -1, 1.5, '3', '01', '1.0', '', 'bronze', null, undefined, NaN, {}]) {
      expect(parseNftType(bad)).toBeNull();
    }
    expect(isNftType(1)).toBe(true);
    expect(isNftType('1')).toBe(false);
  });

  it('string enums and their schemas', () => {
    const cases = [
      [
        TransactionStatus,
        transactionStatusSchema,
        ['REQUESTED', 'PROCESSING', 'CONFIRMED', 'FAIL', 'PENDING', 'CANCELED', 'NONE'],
      ],
      [
        TransactionType,
        transactionTypeSchema,
        ['BUY_NFT', 'GASING', 'APPROVE', 'INPUT', 'REWARD', 'OUTPUT', 'GENERATE'],
      ],
      [
        KycStatus,
        kycStatusSchema,
        ['draft', 'rejected', 'rejected_forever', 'approved', 'requested'],
      ],
      [NewsStatus, newsStatusSchema, ['DRAFT', 'PUBLISHED']],
      [
        MediaAlbum,
        mediaAlbumSchema,
        ['profile_photos', 'kyc', 'channel_photos', 'news', 'business', 'ad_creatives'],
      ],
      [
        RewardAction,
        rewardActionSchema,
        ['registration', 'fill_profile', 'first_meet', 'purchase'],
      ],
      [Period, periodSchema, ['week', 'two_weeks', 'month']],
      [Role, roleSchema, ['user', 'moderator', 'admin']],
      [ReferralLevel, referralLevelSchema, ['human', 'business']],
      [Mood, moodSchema, ['romantic', 'business', 'chat']],
      [
        BusinessCategory,
        businessCategorySchema,
        ['cafe', 'bar', 'restaurant', 'culture', 'sport', 'shop', 'brand', 'other'],
      ],
      [
        BusinessStatus,
        businessStatusSchema,
        ['pending', 'needs-info', 'approved', 'refused', 'suspended'],
      ],
    ] as const;
    for (const [values, schema, expected] of cases) {
      expect(Object.values(values)).toEqual(expected);
      for (const value of expected) expect(schema.safeParse(value).success).toBe(true);
      expect(schema.safeParse('nope').success).toBe(false);
      expect(
        schema.safeParse(
          expected[0].toUpperCase() === expected[0]
            ? expected[0].toLowerCase()
            : expected[0].toUpperCase(),
        ).success,
      ).toBe(false);
    }
  });

  it('Gender', () => {
    expect(Gender).toEqual({ MALE: 0, FEMALE: 1 });
    expect(genderSchema.safeParse(1).success).toBe(true);
    expect(genderSchema.safeParse(2).success).toBe(false);
    expect(isGender(0)).toBe(true);
    expect(isGender('0')).toBe(false);
  });

  it('Period day counts and window start', () => {
    expect(PERIOD_DAYS).toEqual({ week: 7, two_weeks: 14, month: 30 });
    const now = new Date('2025-03-31T10:00:00Z');
    expect(periodStart('week', now).toISOString()).toBe('2025-03-24T10:00:00.000Z');
    expect(periodStart('two_weeks', now).toISOString()).toBe('2025-03-17T10:00:00.000Z');
    expect(periodStart('month', now).toISOString()).toBe('2025-03-01T10:00:00.000Z');
  });

  it('hasRole ranks admin over moderator over user', () => {
    expect(hasRole('admin', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'admin')).toBe(false);
    expect(hasRole('user', 'moderator')).toBe(false);
    expect(hasRole('user', 'user')).toBe(true);
  });
});
