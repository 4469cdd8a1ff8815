import type { io as createSocket, Socket } from 'socket.io-client';
import type { ErrorCode } from '@meeet/core/api/errors';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@meeet/core/api/realtime';
import { SOCKET_DEFAULTS } from '@meeet/core/constants';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = typeof createSocket;
type Listener = (...args: never[]) => void;

/** The socket's own failures (the server's answers carry their own codes). */
export type SocketFailureCode = Extract<ErrorCode, 'SERVICE_UNAVAILABLE' | 'REQUEST_TIMEOUT'>;

export interface SocketClientConfig {
  /**
   * socket.io-client: its `io` (the phone has it bundled; connecting opens at once), or a
   * loader (the web loads it on first connect so the first page does not pay for it). Each app
   * passes its own copy, so the library is bundled once.
   */
  library: { io: SocketFactory } | { load: () => Promise<{ io: SocketFactory }> };
  /** The server's origin; undefined for the page's own host. */
  origin?: () => string | undefined;
  /** The accessKey (PRODUCT.md: the same token as the API's bearer). */
  accessKey: () => string | null;
  /** More headers for the handshake (the app's `x-fp`). */
  headers?: () => Record<string, string>;
  onConnectedChange?: (connected: boolean) => void;
  /** The socket's own failure in the user's language. */
  failureMessage: (code: SocketFailureCode) => string;
}

type AckOf<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[1] extends (
  answer: infer A,
) => void
  ? A
  : never;

export interface EmitOptions {
  /**
   * Not queued while the socket is down (Socket.IO would send it on reconnecting): answered at
   * once as offline. For what a newer one replaces, as positions.
   */
  unlessOffline?: boolean;
}

export interface SocketClient {
  connect: () => Promise<void>;
  disconnect: () => void;
  /** Emits and resolves with the acknowledgement, or a timeout or offline refusal. */
  request: <E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
    options?: EmitOptions,
  ) => Promise<AckOf<E>>;
  /** Emits without waiting (nothing happens while there is no socket). */
  send: <E extends keyof ClientToServerEvents>(
    event: E,
    ...params: Parameters<ClientToServerEvents[E]>
  ) => void;
  /** Listens now and on every later socket; the returned function stops it. */
  on: <E extends keyof ServerToClientEvents>(
    event: E,
    listener: ServerToClientEvents[E],
  ) => () => void;
  off: <E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]) => void;
}

/**
 * The spec §7/§9 socket: protocol v4 on the server's host and default path, opened forced-new
 * and secure with the accessKey both as the auth field and as an extra header, with the spec's
 * reconnection defaults (Socket.IO reconnects by itself; a sign-out ends it). Listeners added
 * before connecting are attached when it connects.
 */
export function createSocketClient(config: SocketClientConfig): SocketClient {
  let socket: AppSocket | null = null;
  // Whether a socket is wanted now: a sign-out during the library's download cancels it.
  let wanted = false;
  let loading: Promise<SocketFactory> | null = null;
  const listeners = new Map<string, Set<Listener>>();

  function open(io: SocketFactory): void {
    const accessKey = config.accessKey() ?? '';
    const options = {
      transports: ['websocket', 'webtransport', 'polling'],
      forceNew: true,
      secure: true,
      auth: { accessKey },
      extraHeaders: { accessKey, ...config.headers?.() },
      timeout: SOCKET_DEFAULTS.timeout,
      reconnection: true,
      reconnectionDelay: SOCKET_DEFAULTS.reconnectionDelay,
      reconnectionDelayMax: SOCKET_DEFAULTS.reconnectionDelayMax,
      randomizationFactor: SOCKET_DEFAULTS.randomizationFactor,
      reconnectionAttempts: SOCKET_DEFAULTS.reconnectionAttempts,
    };
    const origin = config.origin?.();
    const created: AppSocket = origin === undefined ? io(options) : io(origin, options);
    created.on('connect', () => config.onConnectedChange?.(true));
    created.on('disconnect', () => config.onConnectedChange?.(false));
    for (const [event, set] of listeners) {
      for (const listener of set) created.on(event as never, listener as never);
    }
    socket = created;
  }

  async function connect(): Promise<void> {
    wanted = true;
    if (socket) {
      if (!socket.connected) socket.connect();
      return;
    }
    const { library } = config;
    if ('io' in library) {
      open(library.io);
      return;
    }
    loading ??= library.load().then((module) => module.io);
    const io = await loading;
    // Signed out meanwhile, or a concurrent call got there first.
    if (!wanted || socket) return;
    open(io);
  }

  function disconnect(): void {
    wanted = false;
    socket?.disconnect();
    socket = null;
    config.onConnectedChange?.(false);
  }

  function failure(code: SocketFailureCode): Ack & { ok: false } {
    return { ok: false, code, message: config.failureMessage(code) };
  }

  async function request<E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
    options: EmitOptions = {},
  ): Promise<AckOf<E>> {
    // The first emit of a signed-in screen may come before its layout has connected.
    if (!socket && config.accessKey()) await connect();
    const current = socket;
    if (!current || (options.unlessOffline && !current.connected)) {
      return failure('SERVICE_UNAVAILABLE') as AckOf<E>;
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
        resolve((error ? failure('REQUEST_TIMEOUT') : answer) as AckOf<E>);
      });
    });
  }

  function send<E extends keyof ClientToServerEvents>(
    event: E,
    ...params: Parameters<ClientToServerEvents[E]>
  ): void {
    socket?.emit(event, ...params);
  }

  function off<E extends keyof ServerToClientEvents>(
    event: E,
    listener: ServerToClientEvents[E],
  ): void {
    listeners.get(event)?.delete(listener as Listener);
    socket?.off(event, listener as never);
  }

  function on<E extends keyof ServerToClientEvents>(
    event: E,
    listener: ServerToClientEvents[E],
  ): () => void {
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    listeners.set(event, set);
    socket?.on(event, listener as never);
    return () => off(event, listener);
  }

  return { connect, disconnect, request, send, on, off };
}
