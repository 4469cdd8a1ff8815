import { z } from 'zod';
import {
  BusinessCategory,
  BusinessStatus,
  GENDERS,
  KycStatus,
  MediaAlbum,
  Mood,
  NFT_TYPES,
  NewsStatus,
  Period,
  ReferralLevel,
  RewardAction,
  TransactionStatus,
  TransactionType,
} from './enums.ts';
import { Role } from './roles.ts';
import { LOCALES } from './i18n/locale.ts';

// Zod schemas of the enums, kept apart from enums.ts so pages that only need the values do
// not download zod. API schemas and forms import them from here.

export const nftTypeSchema = z.literal(NFT_TYPES);
export const transactionStatusSchema = z.enum(TransactionStatus);
export const transactionTypeSchema = z.enum(TransactionType);
export const kycStatusSchema = z.enum(KycStatus);
export const newsStatusSchema = z.enum(NewsStatus);
export const mediaAlbumSchema = z.enum(MediaAlbum);
export const rewardActionSchema = z.enum(RewardAction);
export const periodSchema = z.enum(Period);
export const genderSchema = z.literal(GENDERS);
export const roleSchema = z.enum(Role);
export const referralLevelSchema = z.enum(ReferralLevel);
export const moodSchema = z.enum(Mood);
export const localeSchema = z.enum(LOCALES);
export const businessCategorySchema = z.enum(BusinessCategory);
export const businessStatusSchema = z.enum(BusinessStatus);
