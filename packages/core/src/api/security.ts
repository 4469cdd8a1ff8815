import { z } from 'zod';

// Security events (issue 45): what happened to an account's sign-ins, sessions, factors and
// withdrawal addresses, kept for the owner's safety and read by admins on the user's page.

/** Every kind of security event; other modules record theirs with one of these. */
export const SecurityEventKind = {
  SIGN_IN_NEW_DEVICE: 'sign-in-new-device',
  SESSION_ENDED: 'session-ended',
  SESSIONS_ENDED_ELSEWHERE: 'sessions-ended-elsewhere',
  PASSWORD_CHANGED: 'password-changed',
  NOT_ME: 'not-me',
  ANTI_PHISHING_SET: 'anti-phishing-set',
  FACTOR_ENROLLED: 'factor-enrolled',
  FACTOR_REMOVED: 'factor-removed',
  FACTOR_FAILED: 'factor-failed',
  ADDRESS_ADDED: 'address-added',
  ADDRESS_REMOVED: 'address-removed',
} as const;
export type SecurityEventKind = (typeof SecurityEventKind)[keyof typeof SecurityEventKind];
export const securityEventKindSchema = z.enum(SecurityEventKind);

export const SECURITY_EVENTS_PAGE_SIZE = 50;

/** An event's particulars, as short strings (a device name, a factor kind, an address). */
export const securityEventDetailSchema = z.record(z.string(), z.string());
export type SecurityEventDetail = z.infer<typeof securityEventDetailSchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: securityEventKindSchema,
  detail: securityEventDetailSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const securityEventsPageSchema = z.object({
  list: z.array(securityEventSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

/** What kind of client holds a session: a browser, the MEEET app, or something else. */
export const SessionClient = { BROWSER: 'browser', APP: 'app', OTHER: 'other' } as const;
export type SessionClient = (typeof SessionClient)[keyof typeof SessionClient];

/** One of the caller's active sessions, as the sessions list shows it. */
export const activeSessionSchema = z.object({
  id: z.uuid(),
  client: z.enum(SessionClient),
  /** "Chrome 130", "Safari 18", or null when the user agent names none. */
  browser: z.string().nullable(),
  /** "macOS 15", "Android 14", "iOS 18"… */
  os: z.string().nullable(),
  /** ISO 3166 country code from the IP, or null when unknown; city is not kept. */
  country: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this list was asked from. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsSchema = z.object({ list: z.array(activeSessionSchema) });
export type ActiveSessions = z.infer<typeof activeSessionsSchema>;

export const sessionParamsSchema = z.object({ sessionId: z.uuid() });

export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 40;

/** The phrase every MEEET mail to the user shows; null turns it off. */
export const antiPhishingRequestSchema = z.object({
  phrase: z.string().trim().min(ANTI_PHISHING_MIN).max(ANTI_PHISHING_MAX).nullable(),
});
export type AntiPhishingRequest = z.infer<typeof antiPhishingRequestSchema>;

export const antiPhishingSchema = z.object({ phrase: z.string().nullable() });
export type AntiPhishing = z.infer<typeof antiPhishingSchema>;

/** The "This wasn't me" link's token, from the new-device mail. */
export const notMeRequestSchema = z.object({ token: z.string().min(1).max(2048) });
export type NotMeRequest = z.infer<typeof notMeRequestSchema>;
