import { z } from 'zod';

// Push notifications to the phone (issue 43): a device token per installation, and per kind
// of event whether the user wants to hear of it while the app is closed.

/** What a push may be about; each kind can be switched off by the user. */
export const PUSH_KINDS = ['messages', 'meetings', 'money', 'kyc', 'news'] as const;
export const pushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof pushKindSchema>;

/** An APNs device token: the hex of its bytes (32 today; Apple may lengthen it). */
export const apnsDeviceTokenSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64,200}$/, 'msg.invalid-push-token');

/** PUT /push/token and DELETE /push/token: the installation's token. */
export const pushTokenRequestSchema = z.object({
  token: apnsDeviceTokenSchema,
  platform: z.literal('ios'),
});
export type PushTokenRequest = z.infer<typeof pushTokenRequestSchema>;

/** Every kind and whether it is on (PUT /push/settings sends all). New accounts: all on. */
export const pushSettingsSchema = z.object({
  messages: z.boolean(),
  meetings: z.boolean(),
  money: z.boolean(),
  kyc: z.boolean(),
  news: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** The answer of the settings calls; `enabled` is false when the server sends no pushes. */
export const pushSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  settings: pushSettingsSchema,
});
export type PushSettingsResponse = z.infer<typeof pushSettingsResponseSchema>;

/** The custom data a push carries beside its alert: where the app opens it. */
export const pushDataSchema = z.object({
  kind: pushKindSchema,
  /** A path of the app (a conversation: `/chat/{userId}`). */
  link: z.string().startsWith('/').optional(),
});
export type PushData = z.infer<typeof pushDataSchema>;
