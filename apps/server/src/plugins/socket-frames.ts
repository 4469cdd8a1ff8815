/**
 * A high-rate client event read from its WebSocket frame before Engine.IO and Socket.IO decode
 * it, and answered with a frame of its own (see `onFrameEvent`).
 */
import type { ClientToServerEvents } from '@meeet/core/api/realtime';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { ENGINE_MESSAGE, webSocketOf, writePacket, type RealtimeSocket } from './socket.ts';

/**
 * A listener of an event read from the WebSocket's frame before Engine.IO and Socket.IO decode
 * it (see `onFrameEvent`): `read` decodes the payload when the listener is ready for it (it
 * throws a validation error for a frame that is not JSON), `reply` answers the client's
 * acknowledgement (nothing when the client asked for none).
 */
export type FrameEventListener = (read: () => unknown, reply: (answer: unknown) => void) => void;

interface FrameRoute {
  /** `["event",` as the client's encoder writes it. */
  head: Buffer;
  listener: FrameEventListener;
}

/** The frame routes of each socket, and the WebSockets whose frames were already intercepted. */
const frameRoutes = new WeakMap<RealtimeSocket, FrameRoute[]>();
const interceptedWebSockets = new WeakSet<object>();

/**
 * Socket.IO's event packet inside Engine.IO's message, main namespace: `4` (Engine.IO's message),
 * `2` (Socket.IO's event), the ack id, then the JSON of the arguments.
 */
const ENGINE_MESSAGE_BYTE = ENGINE_MESSAGE.charCodeAt(0);
const SOCKET_IO_EVENT_BYTE = '2'.charCodeAt(0);
/** More digits than this is no acknowledgement id a client of ours makes; Socket.IO reads it. */
const MAX_ACK_DIGITS = 9;

/**
 * Reads the event's frames on the socket's WebSocket before Engine.IO and Socket.IO do, for a
 * high-rate event (positions): its listener gets the frame as it was read, to decode when its
 * turn comes, and answers with a frame of its own. Every other frame, and this event's frames
 * on any other transport (long polling before an upgrade), take Socket.IO's path, so a
 * `socket.on` listener for the event stays needed.
 *
 * Why: at 5,000 phones a second, Socket.IO's path for each (its decoder, a tick to dispatch,
 * an acknowledgement function, its encoder) was a tenth of the server's thread, all of it in the
 * loop's poll phase, where reading one turn's positions held timers and chat back. The wire
 * protocol is the same; what is skipped is Engine.IO's ping-timeout refresh on a packet that
 * came while a pong was awaited (the pong itself still refreshes it) and Socket.IO's middleware
 * for events, which this server does not use.
 */
export function onFrameEvent(
  socket: RealtimeSocket,
  event: keyof ClientToServerEvents,
  listener: FrameEventListener,
): void {
  if (socket.nsp.name !== '/') return;
  let routes = frameRoutes.get(socket);
  if (!routes) {
    const created: FrameRoute[] = [];
    frameRoutes.set(socket, (routes = created));
    interceptFrames(socket, created);
    socket.conn.once('upgrade', () => interceptFrames(socket, created));
  }
  routes.push({ head: headOf(event), listener });
}

/**
 * The bytes an event's frame starts with after its ack id, made once per event: a small
 * `Buffer.from` is a view of an 8 KB pool that it keeps alive, and one per socket kept about 10 MB
 * of those pools at 5,000 sockets.
 */
const heads = new Map<string, Buffer>();

function headOf(event: string): Buffer {
  let head = heads.get(event);
  if (!head) heads.set(event, (head = Buffer.from(`[${JSON.stringify(event)},`)));
  return head;
}

type MessageListener = (this: unknown, data: unknown, isBinary: boolean) => void;

interface ListenedWebSocket {
  listeners?: (event: 'message') => MessageListener[];
  removeListener?: (event: 'message', listener: MessageListener) => void;
  on?: (event: 'message', listener: MessageListener) => void;
}

/** Puts the routes before Engine.IO's own listener of the socket's WebSocket, if it has one. */
function interceptFrames(socket: RealtimeSocket, routes: FrameRoute[]): void {
  const webSocket = webSocketOf(socket) as ListenedWebSocket | undefined;
  if (!webSocket || interceptedWebSockets.has(webSocket)) return;
  const { listeners, removeListener, on } = webSocket;
  if (!listeners || !removeListener || !on) return;
  const engineListeners = listeners.call(webSocket, 'message');
  const engineListener = engineListeners[0];
  if (engineListeners.length !== 1 || !engineListener) return;
  interceptedWebSockets.add(webSocket);
  removeListener.call(webSocket, 'message', engineListener);
  on.call(webSocket, 'message', function (this: unknown, data: unknown, isBinary: boolean) {
    if (!isBinary && Buffer.isBuffer(data) && routeFrame(socket, routes, data)) return;
    engineListener.call(this, data, isBinary);
  });
}

/** Hands the frame to its event's route; false leaves it to Engine.IO and Socket.IO. */
function routeFrame(socket: RealtimeSocket, routes: FrameRoute[], frame: Buffer): boolean {
  if (frame[0] !== ENGINE_MESSAGE_BYTE || frame[1] !== SOCKET_IO_EVENT_BYTE) return false;
  let at = 2;
  let ackId = -1;
  for (; at < frame.length && frame[at]! >= 0x30 && frame[at]! <= 0x39; at++) {
    ackId = (ackId < 0 ? 0 : ackId * 10) + frame[at]! - 0x30;
  }
  if (at - 2 > MAX_ACK_DIGITS) return false;
  for (const { head, listener } of routes) {
    if (
      frame.length <= at + head.length ||
      frame.compare(head, 0, head.length, at, at + head.length) !== 0
    ) {
      continue;
    }
    if (!socket.connected || socket.conn.readyState !== 'open') return true;
    listener(
      () => payloadOf(frame, at),
      ackId < 0 ? noAnswer : (answer) => writeAck(socket, ackId, answer),
    );
    return true;
  }
  return false;
}

/** The reply of an event sent without an acknowledgement. */
export function noAnswer(): void {}

/** The event's payload: the frame's JSON is the event's arguments, `["event", payload]`. */
function payloadOf(frame: Buffer, start: number): unknown {
  let args: unknown;
  try {
    args = JSON.parse(frame.toString('utf8', start));
  } catch {
    throw new AppError(ErrorCode.VALIDATION_ERROR);
  }
  return Array.isArray(args) ? args[1] : undefined;
}

/** The acknowledgement as Socket.IO's encoder writes it (main namespace): `3`, the id, `[answer]`. */
function writeAck(socket: RealtimeSocket, ackId: number, answer: unknown): void {
  writePacket(socket, `3${ackId}${argumentsJson(answer)}`);
}

/**
 * The plain acknowledgement of an event with nothing more to say, `{ ok: true }`: one frozen
 * object, whose JSON is written once, for the thousands of positions a second that answer it.
 */
export const ANSWERED_OK = Object.freeze({ ok: true as const });
const ANSWERED_OK_JSON = JSON.stringify([ANSWERED_OK]);

function argumentsJson(answer: unknown): string {
  return answer === ANSWERED_OK ? ANSWERED_OK_JSON : JSON.stringify([answer]);
}
