import type { io as createSocket, Socket } from 'socket.io-client';
import { SOCKET_DEFAULTS } from '@meeet/core/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { STORAGE_KEYS, readStorage } from './storage.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Listener = (...args: never[]) => void;

let socket: AppSocket | null = null;
// Whether a socket is wanted now: a sign-out during the library's download cancels the connect.
let wanted = false;
let loading: Promise<{ io: typeof createSocket }> | null = null;
// Listeners added before the client library has loaded are attached once it has.
const pending = new Map<string, Set<Listener>>();

/**
 * Spec §7/§9 socket: same host, default path, forced new and secure, accessKey both as the
 * auth field and as an extra header. socket.io-client loads on first connect so the first
 * page view does not pay for it.
 */
export async function connect(): Promise<void> {
  wanted = true;
  if (socket) {
    if (!socket.connected) socket.connect();
    return;
  }
  loading ??= import('socket.io-client');
  const { io } = await loading;
  // Signed out meanwhile, or a concurrent call got there first.
  if (!wanted || socket) return;
  const accessKey = readStorage(STORAGE_KEYS.accessKey) ?? '';
  const created: AppSocket = io({
    transports: ['websocket', 'webtransport', 'polling'],
    forceNew: true,
    secure: true,
    auth: { accessKey },
    extraHeaders: { accessKey },
    timeout: SOCKET_DEFAULTS.timeout,
    reconnection: true,
    reconnectionDelay: SOCKET_DEFAULTS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_DEFAULTS.reconnectionDelayMax,
    randomizationFactor: SOCKET_DEFAULTS.randomizationFactor,
    reconnectionAttempts: SOCKET_DEFAULTS.reconnectionAttempts,
  });
  for (const [event, listeners] of pending) {
    for (const listener of listeners) created.on(event as never, listener as never);
  }
  socket = created;
}

export function disconnect(): void {
  wanted = false;
  socket?.disconnect();
  socket = null;
}

export function emit<E extends keyof ClientToServerEvents>(
  name: E,
  ...params: Parameters<ClientToServerEvents[E]>
): void {
  socket?.emit(name, ...params);
}

export function on<E extends keyof ServerToClientEvents>(
  event: E,
  listener: ServerToClientEvents[E],
): void {
  const listeners = pending.get(event) ?? new Set<Listener>();
  listeners.add(listener as Listener);
  pending.set(event, listeners);
  socket?.on(event, listener as never);
}

export function off<E extends keyof ServerToClientEvents>(
  event: E,
  listener: ServerToClientEvents[E],
): void {
  pending.get(event)?.delete(listener as Listener);
  socket?.off(event, listener as never);
}
