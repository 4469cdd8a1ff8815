import { z } from 'zod';
import { transactionStatusSchema, transactionTypeSchema } from '../enum-schemas.ts';
import type { MonitorSnapshot } from './monitor.ts';
import { moodSchema, publicCardSchema, type ChatMessage } from './meet.ts';
import {
  meetingPingSchema,
  meetingReasonSchema,
  type Meeting,
  type MeetingPing,
  type MeetingPingResponse,
  type MeetingProgress,
} from './meetings.ts';

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

// ---- Meet: hands, positions, the live map, chat delivery ----

/** Every client event answers through its acknowledgement with one of these. */
export type Ack<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; code: string; message: string; fields?: Record<string, string> };
export type AckFn<T extends object = object> = (answer: Ack<T>) => void;

/** Positions older than this are refused (a queued update after a tunnel is stale). */
export const POSITION_MAX_AGE_MS = 30_000;
/** Clock skew tolerated for `at` in the future. */
export const POSITION_FUTURE_SKEW_MS = 5_000;
/**
 * The largest area a client may watch (the app watches 5 km): a wide watch costs the server no
 * more than a few narrow ones, and lists a district, not a region.
 */
export const MAP_MAX_RADIUS_M = 10_000;

export const handRaiseSchema = z.object({ mood: moodSchema });
export const emptySchema = z.object({}).strict();
export const ghostSchema = z.object({ ghost: z.boolean() });
export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** Metres (68% radius); the server refuses worse than its configured bound. */
  accuracy: z.number().positive(),
  /** Epoch milliseconds when the fix was taken. */
  at: z.number().int().positive(),
  speed: z.number().min(0).optional(),
  heading: z.number().min(0).max(360).optional(),
  /** The OS said the fix comes from a simulator or mock provider. */
  simulated: z.boolean().optional(),
});
export type PositionUpdate = z.infer<typeof positionSchema>;
export const mapWatchSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  radiusM: z.number().positive().max(MAP_MAX_RADIUS_M),
  moods: z.array(moodSchema).min(1).optional(),
});
export type MapWatch = z.infer<typeof mapWatchSchema>;
export const chatTypingSchema = z.object({ userId: z.number().int().positive() });

export const handStateSchema = z.object({
  raised: z.boolean(),
  mood: moodSchema.nullable(),
  ghost: z.boolean(),
  /** Epoch ms when the hand drops at the latest. */
  expiresAt: z.number().int().nullable(),
});
export type HandState = z.infer<typeof handStateSchema>;
/** No hand up: what `hand:state` says after a lower, an expiry or any other drop. */
export const HAND_DOWN: HandState = Object.freeze({
  raised: false,
  mood: null,
  ghost: false,
  expiresAt: null,
});

/**
 * A raised hand as a watcher sees it: never the true position, nor anything finer than 100 m
 * (docs/privacy.md). The point lies 136–404 m from the truth, fixed for the user and the day;
 * no cell id travels (the user id keys the entry).
 */
export const mapHandSchema = publicCardSchema.extend({
  mood: moodSchema,
  /** The shown point: the centre of the cell of the user's position moved by their displacement of the day. */
  lat: z.number(),
  lon: z.number(),
  /**
   * Distance to the shown point in 100 m steps, measured from the watcher's own shown point
   * while their hand is up (so two people read the same distance), else from the watched centre.
   */
  distanceM: z.number().int(),
  /** Rings of cells between the watched centre and the shown point (the list is sorted by it). */
  ring: z.number().int(),
});
export type MapHand = z.infer<typeof mapHandSchema>;
export const mapSnapshotSchema = z.object({ hands: z.array(mapHandSchema) });
export type MapSnapshot = z.infer<typeof mapSnapshotSchema>;
/** Changes since the last snapshot or diff, sent at most once a second per watcher. */
export const mapDiffSchema = z.object({
  /** Joined the area or changed cell or mood: the whole entry replaces the old one. */
  upsert: z.array(mapHandSchema),
  /** User ids that left (lowered, went ghost, blocked, moved out). */
  left: z.array(z.number().int()),
});
export type MapDiff = z.infer<typeof mapDiffSchema>;
export const HandDropReason = {
  LOWERED: 'lowered',
  OFFLINE: 'offline',
  EXPIRED: 'expired',
  BANNED: 'banned',
} as const;
export type HandDropReason = (typeof HandDropReason)[keyof typeof HandDropReason];
export const handDroppedSchema = z.object({ reason: z.enum(HandDropReason) });

export const chatTypingEventSchema = z.object({ userId: z.number().int() });
export const chatReadEventSchema = z.object({
  conversationId: z.number().int(),
  userId: z.number().int(),
  readId: z.number().int(),
});

/**
 * A proposed meeting that could never mint (say no before, not after): sent to both members'
 * devices when the start handshake is refused, with the reasons (pair-level: which of the two
 * a reason concerns is never said) and the other member's public card. Nothing started.
 */
export const meetingRefusedSchema = z.object({
  reasons: z.array(meetingReasonSchema).min(1),
  partner: publicCardSchema,
});
export type MeetingRefused = z.infer<typeof meetingRefusedSchema>;

/** Events the server emits. */
export interface ServerToClientEvents {
  notification: (payload: NotificationPayload) => void;
  wallet: (payload: WalletEventPayload) => void;
  /** Admins only: the control area's live monitor (see monitor.ts). */
  monitor: (payload: MonitorSnapshot) => void;
  /**
   * The user's hand as it stands: to the socket when it connects, and to every device of the
   * user on each change (raised, mood, ghost, lowered, dropped), so a restarted app restores it.
   */
  'hand:state': (payload: HandState) => void;
  'hand:dropped': (payload: z.infer<typeof handDroppedSchema>) => void;
  'map:snapshot': (payload: MapSnapshot) => void;
  'map:diff': (payload: MapDiff) => void;
  /** A stored message, to every device of both members. */
  'chat:message': (payload: ChatMessage) => void;
  'chat:typing': (payload: z.infer<typeof chatTypingEventSchema>) => void;
  'chat:read': (payload: z.infer<typeof chatReadEventSchema>) => void;
  /** A handshake started a meeting of the user (to both members' devices). */
  'meeting:started': (payload: Meeting) => void;
  /** The active meeting's score after a counted minute (to both members). */
  'meeting:progress': (payload: MeetingProgress) => void;
  /** A meeting changed: ended, completed, refused, minting, minted or mint failed (to both). */
  'meeting:updated': (payload: Meeting) => void;
  /** A start handshake was refused because the meeting could never mint (to both members). */
  'meeting:refused': (payload: MeetingRefused) => void;
}

/**
 * Events a client emits; each answers through its acknowledgement (the server's realtime seam,
 * apps/server/src/plugins/realtime-events.ts): a payload that fails its schema, a missing
 * payload or an unknown event with `VALIDATION_ERROR`, an event past its budget with
 * `RATE_LIMITED`. Events with nothing to say take `{}`.
 */
export interface ClientToServerEvents {
  'hand:raise': (payload: z.input<typeof handRaiseSchema>, ack: AckFn<{ hand: HandState }>) => void;
  'hand:lower': (payload: z.input<typeof emptySchema>, ack: AckFn) => void;
  'hand:ghost': (payload: z.input<typeof ghostSchema>, ack: AckFn<{ hand: HandState }>) => void;
  position: (payload: PositionUpdate, ack: AckFn) => void;
  'map:watch': (payload: MapWatch, ack: AckFn<MapSnapshot>) => void;
  'map:unwatch': (payload: z.input<typeof emptySchema>, ack: AckFn) => void;
  'chat:typing': (payload: z.infer<typeof chatTypingSchema>, ack: AckFn) => void;
  /** Meetings (meetings.ts): time, position, accuracy, speed, simulated, tokens heard. */
  'meeting:ping': (payload: MeetingPing, ack: AckFn<MeetingPingResponse>) => void;
}
export type ClientEventName = keyof ClientToServerEvents;

/** The payload schema of each client event: the server validates with these. */
export const clientEventSchemas = {
  'hand:raise': handRaiseSchema,
  'hand:lower': emptySchema,
  'hand:ghost': ghostSchema,
  position: positionSchema,
  'map:watch': mapWatchSchema,
  'map:unwatch': emptySchema,
  'chat:typing': chatTypingSchema,
  'meeting:ping': meetingPingSchema,
} as const satisfies Record<ClientEventName, z.ZodType>;

/** How a client proves who it is: the auth token, sent as `auth.accessKey` or an `accessKey` header. */
export const socketAuthSchema = z.object({
  accessKey: z.string().min(1).optional(),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;
