import { z } from 'zod';
import { nftTypeSchema } from '../enum-schemas.ts';

// The meet contract over REST: chat history and sending, blocks, reports and their moderation
// (what is paged or kept). What is live travels over the socket (realtime.ts).

export const Mood = { ROMANTIC: 'romantic', BUSINESS: 'business', JUST_CHAT: 'just_chat' } as const;
export type Mood = (typeof Mood)[keyof typeof Mood];
export const moodSchema = z.enum(Mood);

/** Chat text: trimmed, 1..2,000 characters (counted as code points, so emoji count once). */
export const CHAT_TEXT_MAX = 2000;
export const chatTextSchema = z
  .string()
  .trim()
  .min(1, 'msg.required')
  .refine((text) => [...text].length <= CHAT_TEXT_MAX, 'meet.text-too-long');

/** What others see of a user on the map and in conversations. */
export const publicCardSchema = z.object({
  userId: z.number().int(),
  nickname: z.string().nullable(),
  firstName: z.string().nullable(),
  /** Path of the avatar image (`/api/media/avatar/{id}/small`). */
  avatar: z.string(),
  /** KYC approved: the blue checkmark. */
  verified: z.boolean(),
  /** Token levels held (spec §3 NftType). */
  levels: z.array(nftTypeSchema),
});
export type PublicCard = z.infer<typeof publicCardSchema>;

export const ScamKind = {
  WALLET_ADDRESS: 'wallet-address',
  SEED_PHRASE: 'seed-phrase',
  OFF_PLATFORM: 'off-platform',
  INVESTMENT: 'investment',
  MONEY_REQUEST: 'money-request',
} as const;
export type ScamKind = (typeof ScamKind)[keyof typeof ScamKind];
export const scamKindSchema = z.enum(ScamKind);

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** The other user of the conversation is its id from either side (one per pair). */
  conversationId: z.number().int(),
  senderId: z.number().int(),
  clientId: z.string(),
  text: z.string(),
  /** Scam patterns found; the recipient's client explains each (`meet.scam.<kind>`). */
  flags: z.array(scamKindSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

export const conversationSchema = z.object({
  id: z.number().int(),
  other: publicCardSchema,
  lastMessage: chatMessageSchema.nullable(),
  unread: z.number().int(),
  /** The newest message id the other member has read (read receipts). */
  otherReadId: z.number().int().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.object({ list: z.array(conversationSchema) });

export const messagesQuerySchema = z.object({
  /** Messages older than this id (the cursor); absent → the newest. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const messagePageSchema = z.object({
  list: z.array(chatMessageSchema),
  /** Pass as `before` for the next (older) page; null at the start of the conversation. */
  nextBefore: z.number().int().nullable(),
  otherReadId: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `clientId` makes a resend of the same message return the stored one instead of a copy. */
export const sendMessageRequestSchema = z.object({
  clientId: z.string().min(8).max(64),
  text: chatTextSchema,
});
export const markReadRequestSchema = z.object({ messageId: z.number().int().positive() });
export const readStateSchema = z.object({ readId: z.number().int().nullable() });

/** A blocked person as the blocker's list names them (issue 43). */
export const blockedPersonSchema = publicCardSchema.pick({
  userId: true,
  nickname: true,
  firstName: true,
  avatar: true,
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const blockListSchema = z.object({
  /** Ids of the people blocked; kept for app versions that read only these. */
  list: z.array(z.number().int()),
  /** The same people, named, in the same order. */
  people: z.array(blockedPersonSchema),
});
export type BlockList = z.infer<typeof blockListSchema>;

export const ReportReason = {
  SPAM: 'spam',
  SCAM: 'scam',
  HARASSMENT: 'harassment',
  INAPPROPRIATE: 'inappropriate',
  FAKE_PROFILE: 'fake_profile',
  UNDERAGE: 'underage',
  OTHER: 'other',
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];

export const reportRequestSchema = z.object({
  userId: z.number().int().positive(),
  messageId: z.number().int().positive().optional(),
  reason: z.enum(ReportReason),
  text: z.string().trim().max(1000).optional(),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const ReportStatus = {
  OPEN: 'open',
  DISMISSED: 'dismissed',
  WARNED: 'warned',
  BANNED: 'banned',
} as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

export const reportSchema = z.object({
  id: z.number().int(),
  /** Null when the system filed it (three scam-flagged messages in a day). */
  reporterId: z.number().int().nullable(),
  reportedUserId: z.number().int(),
  messageId: z.number().int().nullable(),
  reason: z.enum(ReportReason),
  text: z.string().nullable(),
  status: z.enum(ReportStatus),
  createdAt: z.string(),
  /** The conversation around the reported message (or between reporter and reported), oldest first. */
  context: z.array(chatMessageSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(ReportStatus).default('open'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const reportListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(reportSchema),
});
export const reportIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const reportDecisionSchema = z.object({
  action: z.enum(['dismiss', 'warn', 'ban']),
  comment: z.string().trim().max(1000).optional(),
});
export type ReportDecision = z.infer<typeof reportDecisionSchema>;

export const meetPaths = {
  conversations: '/meet/conversations',
  messages: '/meet/conversations/:userId/messages',
  read: '/meet/conversations/:userId/read',
  blocks: '/meet/blocks',
  block: '/meet/blocks/:userId',
  reports: '/meet/reports',
  moderationReports: '/meet/moderation/reports',
  moderationDecision: '/meet/moderation/reports/:id',
} as const;
