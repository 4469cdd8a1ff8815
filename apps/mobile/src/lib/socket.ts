import { io, type Socket } from 'socket.io-client';
import { ErrorCode } from '@meeet/core/api/errors';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { SOCKET_DEFAULTS } from '@meeet/core/constants';
import { apiOrigin } from './config.ts';
import { fingerprint } from './fingerprint.ts';
import { text } from './i18n.ts';
import { currentLocale } from './locale-state.ts';
import { token } from './session.ts';
import { createStore } from './store.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Listener = (...args: never[]) => void;

export const socketState = createStore<{ connected: boolean }>({ connected: false });

let socket: AppSocket | null = null;
const listeners = new Map<string, Set<Listener>>();

/**
 * Spec §7/§9: protocol v4 on the server's host and default path, opened forced-new and secure
 * with the accessKey both in the auth field and as an extra header, the spec's reconnection
 * defaults. Listeners added before connecting are attached when it connects.
 */
export function connect(): void {
  if (socket) {
    if (!socket.connected) socket.connect();
    return;
  }
  const accessKey = token() ?? '';
  const created: AppSocket = io(apiOrigin(), {
    transports: ['websocket', 'webtransport', 'polling'],
    forceNew: true,
    secure: true,
    auth: { accessKey },
    extraHeaders: { accessKey, 'x-fp': fingerprint() },
    timeout: SOCKET_DEFAULTS.timeout,
    reconnection: true,
    reconnectionDelay: SOCKET_DEFAULTS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_DEFAULTS.reconnectionDelayMax,
    randomizationFactor: SOCKET_DEFAULTS.randomizationFactor,
    reconnectionAttempts: SOCKET_DEFAULTS.reconnectionAttempts,
  });
  created.on('connect', () => socketState.set({ connected: true }));
  created.on('disconnect', () => socketState.set({ connected: false }));
  for (const [event, set] of listeners) {
    for (const listener of set) created.on(event as never, listener as never);
  }
  socket = created;
}

export function disconnect(): void {
  socket?.disconnect();
  socket = null;
  socketState.set({ connected: false });
}

type AckOf<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[1] extends (
  answer: infer A,
) => void
  ? A
  : never;

/** A failure of the socket itself, in the user's language (the server's answers already are). */
function socketFailure(
  code: typeof ErrorCode.SERVICE_UNAVAILABLE | typeof ErrorCode.REQUEST_TIMEOUT,
): Ack & { ok: false } {
  const key = code === ErrorCode.SERVICE_UNAVAILABLE ? 'm.common.offline' : 'error.REQUEST_TIMEOUT';
  return { ok: false, code, message: text(currentLocale(), key) };
}

export interface EmitOptions {
  /**
   * Not queued while the socket is down (Socket.IO would send it on reconnecting): answered at
   * once as offline. For what a newer one replaces, as positions (see position-sender.ts).
   */
  unlessOffline?: boolean;
}

/** Emits a client event and resolves with its acknowledgement (or a timeout refusal). */
export function emit<E extends keyof ClientToServerEvents>(
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  options: EmitOptions = {},
): Promise<AckOf<E>> {
  // The first emit of a signed-in screen may come before its layout has connected.
  if (!socket && token()) connect();
  const current = socket;
  if (!current || (options.unlessOffline && !current.connected)) {
    return Promise.resolve(socketFailure(ErrorCode.SERVICE_UNAVAILABLE) as AckOf<E>);
  }
  type Timed = {
    emit: (
      name: string,
      body: unknown,
      ack: (error: Error | null, answer: unknown) => void,
    ) => void;
  };
  const timed = current.timeout(SOCKET_DEFAULTS.timeout) as unknown as Timed;
  return new Promise((resolve) => {
    timed.emit(event, payload, (error, answer) => {
      if (error) resolve(socketFailure(ErrorCode.REQUEST_TIMEOUT) as AckOf<E>);
      else resolve(answer as AckOf<E>);
    });
  });
}

export function on<E extends keyof ServerToClientEvents>(
  event: E,
  listener: ServerToClientEvents[E],
): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener as Listener);
  listeners.set(event, set);
  socket?.on(event, listener as never);
  return () => {
    set.delete(listener as Listener);
    socket?.off(event, listener as never);
  };
}
