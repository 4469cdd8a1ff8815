/**
 * A Socket.IO client for the simulated phones of the benchmarks, speaking the wire protocol
 * (Engine.IO 4 over a WebSocket, Socket.IO 5 packets as text) directly on `ws`.
 *
 * Why not socket.io-client: five thousand of those in one process cost a core of their own (an
 * emitter, a parser, a timer per acknowledgement), and on this 2-core machine that core is
 * taken from the server being measured; their loop delay (p99 150–215 ms) was also added to every
 * latency measured on the phones' side. This client does only what the benchmark needs: connect
 * with `auth`, answer pings, emit with an acknowledgement, and hear events.
 */
import WebSocket from 'ws';

type Handler = (payload: unknown) => void;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  deadline: number;
}

/** Every socket's unanswered acknowledgements, swept by one timer instead of one timer each. */
const waiting = new Set<Map<number, Pending>>();
let sweeper: NodeJS.Timeout | undefined;

function sweep(): void {
  const now = Date.now();
  for (const pending of waiting) {
    for (const [id, entry] of pending) {
      if (entry.deadline > now) continue;
      pending.delete(id);
      entry.reject(new Error('acknowledgement timed out'));
    }
  }
}

export class WireSocket {
  private readonly handlers = new Map<string, Handler>();
  /** Event packets dropped unread, by their text's start (`42["event"`). */
  private ignored: string[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  connected = false;
  onDisconnect: () => void = () => undefined;

  private constructor(private readonly ws: WebSocket) {
    waiting.add(this.pending);
    sweeper ??= setInterval(sweep, 1000).unref();
  }

  /** Opens the socket on the server at `baseUrl` (http://host:port) with the handshake's auth. */
  static connect(baseUrl: string, auth: Record<string, string>): Promise<WireSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const socket = new WireSocket(ws);
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('close', () => socket.closed());
      ws.on('message', (data: Buffer) => {
        if (socket.isIgnored(data)) return;
        const text = data.toString();
        switch (text[0]) {
          case '0': // Engine.IO open: connect to the default namespace with the auth.
            ws.send(`40${JSON.stringify(auth)}`);
            return;
          case '2': // Engine.IO ping from the server.
            ws.send('3');
            return;
          case '4':
            socket.packet(text.slice(1), resolve, reject);
            return;
        }
      });
    });
  }

  /** Socket.IO packet: 0 connect, 1 disconnect, 2 event, 3 acknowledgement, 4 connect error. */
  private packet(
    text: string,
    connected: (socket: WireSocket) => void,
    refused: (error: Error) => void,
  ): void {
    switch (text[0]) {
      case '0':
        this.connected = true;
        connected(this);
        return;
      case '4':
        refused(new Error(`connect refused: ${text.slice(1)}`));
        this.ws.close();
        return;
      case '1':
        this.ws.close();
        return;
      case '2': {
        const [event, payload] = JSON.parse(text.slice(1)) as [string, unknown];
        this.handlers.get(event)?.(payload);
        return;
      }
      case '3': {
        const bracket = text.indexOf('[');
        const id = Number(text.slice(1, bracket));
        const entry = this.pending.get(id);
        if (!entry) return;
        this.pending.delete(id);
        entry.resolve((JSON.parse(text.slice(bracket)) as unknown[])[0]);
        return;
      }
    }
  }

  private closed(): void {
    if (!this.connected) return;
    this.connected = false;
    waiting.delete(this.pending);
    for (const entry of this.pending.values()) entry.reject(new Error('socket closed'));
    this.pending.clear();
    this.onDisconnect();
  }

  on(event: string, handler: Handler): void {
    this.handlers.set(event, handler);
  }

  /** Drops the event's packets without parsing them (a phone that is not being measured). */
  ignore(event: string): void {
    this.ignored.push(`42${JSON.stringify([event]).slice(0, -1)}`);
  }

  private isIgnored(data: Buffer): boolean {
    for (const prefix of this.ignored) {
      if (data.length > prefix.length && data.toString('latin1', 0, prefix.length) === prefix) {
        return true;
      }
    }
    return false;
  }

  /** Emits an event and resolves with the server's acknowledgement (rejects after `timeoutMs`). */
  emitWithAck<T>(event: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        deadline: Date.now() + timeoutMs,
      });
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  disconnect(): void {
    this.ws.close();
  }
}
