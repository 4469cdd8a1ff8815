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
