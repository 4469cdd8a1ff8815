import { z } from 'zod';
import { transactionStatusSchema, transactionTypeSchema } from '../enum-schemas.ts';
import type { MonitorSnapshot } from './monitor.ts';

/**
 * The realtime socket's contract (Socket.IO 4, default path `/socket.io`), typed both ways.
 * Server and clients build their sockets with these maps, so an event name or payload can
 * only change here. Domains add their events as they arrive.
 */

/** A push notification shown by the client (spec §3 client state: text, timeout, color). */
export const notificationPayloadSchema = z.object({
  text: z.string(),
  color: z.enum(['success', 'info', 'warning', 'error']).optional(),
  /** Milliseconds before the client hides it; absent → the client's default. */
  timeout: z.number().int().positive().optional(),
  /** A path of the web app where the notification leads (a news item). */
  link: z.string().startsWith('/').optional(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

/**
 * A wallet change of the user (a deposit recorded, a withdrawal confirmed or failed), sent
 * after the database commit; the client refetches its wallet and transaction queries.
 */
export const walletEventPayloadSchema = z.object({
  transactionId: z.number().int(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
});
export type WalletEventPayload = z.infer<typeof walletEventPayloadSchema>;

/** Events the server emits. */
export interface ServerToClientEvents {
  notification: (payload: NotificationPayload) => void;
  wallet: (payload: WalletEventPayload) => void;
  /** Admins only: the control area's live monitor (see monitor.ts). */
  monitor: (payload: MonitorSnapshot) => void;
}

/** Events a client emits; none yet. */
export type ClientToServerEvents = Record<never, never>;

/** How a client proves who it is: the auth token, sent as `auth.accessKey` or an `accessKey` header. */
export const socketAuthSchema = z.object({
  accessKey: z.string().min(1).optional(),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;
