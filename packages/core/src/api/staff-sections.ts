import { z } from 'zod';
import { kycStatusSchema, nftTypeSchema } from '../enum-schemas.ts';
import { cpaLinkSchema } from './cpa.ts';
import { transactionListResponseSchema } from './crypto.ts';
import { kycModerationDecisionSchema } from './kyc.ts';
import { ReportReason, ReportStatus } from './meet.ts';
import {
  meetingListSchema,
  meetingOutcomeSchema,
  meetingReasonSchema,
  meetingStatusSchema,
} from './meetings.ts';
import { referralStatsResponseSchema } from './referral.ts';

// The sections of a user's page in the control area (issue 46), one call each. Moderators read
// KYC, meetings and reports (their work); the money sections (ledger, referral, CPA) are for
// admins. Paths are in staff-paths.ts.

const STAFF_PAGE_MAX = 100;

/** `?offset&limit` of a paged section. */
export const staffPageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_MAX).default(20),
});
export type StaffPageQuery = z.output<typeof staffPageQuerySchema>;

/** Who a row names, as staff see them. */
const personSchema = z.object({ id: z.number().int(), nickname: z.string().nullable() });

/** GET /staff/users/{id}/kyc: the verification and every decision on it, oldest first. */
export const staffKycSectionSchema = z.object({
  status: kycStatusSchema,
  maxNftType: nftTypeSchema.nullable(),
  moderatorComment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Submissions (actor `user`) and decisions, with who made them and why. */
  history: z.array(kycModerationDecisionSchema.extend({ actorNickname: z.string().nullable() })),
});
export type StaffKycSection = z.infer<typeof staffKycSectionSchema>;

/** GET /staff/users/{id}/ledger: the user's wallet transactions, newest first (admins). */
export const staffLedgerSectionSchema = transactionListResponseSchema;
export type StaffLedgerSection = z.infer<typeof staffLedgerSectionSchema>;

export const staffMeetingSchema = z.object({
  id: z.number().int(),
  partner: personSchema,
  status: meetingStatusSchema,
  outcome: meetingOutcomeSchema,
  reasons: z.array(meetingReasonSchema),
  level: nftTypeSchema.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  tokenId: z.string().nullable(),
});
export type StaffMeeting = z.infer<typeof staffMeetingSchema>;

/** GET /staff/users/{id}/meetings: newest first, with the outcome. */
export const staffMeetingsSectionSchema = meetingListSchema.extend({
  list: z.array(staffMeetingSchema),
});
export type StaffMeetingsSection = z.infer<typeof staffMeetingsSectionSchema>;

export const staffReportSchema = z.object({
  id: z.number().int(),
  /** Null when the system filed it. */
  reporter: personSchema.nullable(),
  reported: personSchema,
  reason: z.enum(ReportReason),
  text: z.string().nullable(),
  status: z.enum(ReportStatus),
  moderatorComment: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** GET /staff/users/{id}/reports: the latest reports the user made and received. */
export const staffReportsSectionSchema = z.object({
  made: z.array(staffReportSchema),
  received: z.array(staffReportSchema),
});
export type StaffReportsSection = z.infer<typeof staffReportsSectionSchema>;

/** GET /staff/users/{id}/referral: level, who referred them, counts and income (admins). */
export const staffReferralSectionSchema = referralStatsResponseSchema
  .pick({
    code: true,
    level: true,
    totalIncome: true,
    monthlyIncome: true,
    pendingIncome: true,
    incomeBySource: true,
    activeReferrals: true,
    totalAttracted: true,
    levels: true,
  })
  .extend({ referrer: personSchema.nullable() });
export type StaffReferralSection = z.infer<typeof staffReferralSectionSchema>;

/** GET /staff/users/{id}/cpa: the user's affiliate links with their totals (admins). */
export const staffCpaSectionSchema = z.object({ items: z.array(cpaLinkSchema) });
export type StaffCpaSection = z.infer<typeof staffCpaSectionSchema>;
