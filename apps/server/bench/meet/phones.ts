/**
 * Simulated phones in a process of their own, each doing what apps/mobile does at the chosen
 * pace (see pace.ts): connect, raise a hand, send positions, watch the map, chat, lower and raise
 * the hand again, go to the background and come back. They speak the wire protocol on `ws`
 * (wire-socket.ts), spread over the server processes given.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Ack, MapDiff, MapSnapshot } from '@meeet/core/api/realtime';
import type { ChatMessage } from '@meeet/core/api/meet';
import { LAG_RESOLUTION_MS, lagMs } from '../bench-database.ts';
import { WireSocket } from '../wire-socket.ts';
import { postJson } from './http.ts';
import { CITY_RADIUS_M, exponential, latLonOf, type Pace, type Place } from './pace.ts';

export interface PhonesInput {
  /** The server processes' base URLs: phone n connects to `urls[n % urls.length]`. */
  urls: string[];
  phones: { id: number; token: string; chats: boolean; city: number }[];
  pace: Pace;
}

export interface PhonesResult {
  connected: number;
  /** Phones connected at the end of the window, their last (re)connection having worked. */
  sustained: number;
  positionsOk: number;
  positionRefusals: Record<string, number>;
  reconnects: number;
  reconnectsFailed: number;
  handsRaised: number;
  mapLatencies: number[];
  chatLatencies: number[];
  chatFailed: number;
  chatRefusals: Record<string, number>;
  clientLagP99: number;
  clientCpu: number;
}

/** How often each phone looks at where it is (ms): its GPS, which the app filters by distance. */
const LOOK_EVERY_MS = 1000;
const MOODS = ['romantic', 'business', 'just_chat'] as const;

interface Phone extends Place {
  id: number;
  token: string;
  url: string;
  chats: boolean;
  walking: boolean;
  heading: number;
  socket: WireSocket | undefined;
  /** Where and when it last sent a position. */
  sentEast: number;
  sentNorth: number;
  sentAt: number;
  positionInFlight: boolean;
  handUp: boolean;
  /** When the hand goes down, or back up (ms, performance clock). */
  handChangeAt: number;
  reconnectAt: number;
  busy: boolean;
  failed: boolean;
  /** Chatting phones it was shown, whom it writes to. */
  seen: number[];
  seenSet: Set<number>;
}

function countIn(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export async function runPhones(input: PhonesInput): Promise<PhonesResult> {
  const { pace } = input;
  const result: PhonesResult = {
    connected: 0,
    sustained: 0,
    positionsOk: 0,
    positionRefusals: {},
    reconnects: 0,
    reconnectsFailed: 0,
    handsRaised: 0,
    mapLatencies: [],
    chatLatencies: [],
    chatFailed: 0,
    chatRefusals: {},
    clientLagP99: 0,
    clientCpu: 0,
  };
  let measuring = false;
  /** When this process's phones last sent a position: a diff's latency counts from it. */
  const positionSentAt = new Map<number, number>();
  const chatters = new Set(input.phones.filter((p) => p.chats).map((p) => p.id));
  const now = () => performance.now();
  const phones: Phone[] = input.phones.map((p, n) => {
    const angle = Math.random() * 2 * Math.PI;
    const r = CITY_RADIUS_M * Math.sqrt(Math.random());
    return {
      ...p,
      url: input.urls[n % input.urls.length]!,
      east: r * Math.cos(angle),
      north: r * Math.sin(angle),
      walking: Math.random() < pace.walkingShare,
      heading: Math.random() * 2 * Math.PI,
      socket: undefined,
      sentEast: 0,
      sentNorth: 0,
      sentAt: -Infinity,
      positionInFlight: false,
      handUp: false,
      handChangeAt: Infinity,
      reconnectAt: Infinity,
      busy: false,
      failed: false,
      seen: [],
      seenSet: new Set(),
    };
  });

  const ack = <T extends object>(phone: Phone, event: string, payload: unknown) =>
    phone.socket
      ? phone.socket.emitWithAck<Ack<T>>(event, payload)
      : Promise.reject(new Error('not connected'));

  function sendPosition(phone: Phone): void {
    if (!phone.socket?.connected || !phone.handUp || phone.positionInFlight) return;
    phone.positionInFlight = true;
    phone.sentEast = phone.east;
    phone.sentNorth = phone.north;
    phone.sentAt = now();
    positionSentAt.set(phone.id, Date.now());
    ack(phone, 'position', { ...latLonOf(phone), accuracy: 10, at: Date.now() }).then(
      (answer) => {
        phone.positionInFlight = false;
        if (!measuring) return;
        if (answer.ok) result.positionsOk++;
        else countIn(result.positionRefusals, answer.code);
      },
      () => {
        phone.positionInFlight = false;
        if (measuring) countIn(result.positionRefusals, 'no answer');
      },
    );
  }

  async function raiseHand(phone: Phone): Promise<void> {
    const mood = MOODS[phone.id % MOODS.length]!;
    const answer = await ack(phone, 'hand:raise', { mood });
    if (!answer.ok) throw new Error(`hand:raise refused: ${answer.code}`);
    phone.handUp = true;
    phone.handChangeAt = now() + exponential(pace.handSessionMeanS * 1000);
    if (measuring) result.handsRaised++;
    phone.sentAt = -Infinity;
    sendPosition(phone);
  }

  /** Connects (again), raises the hand if it was up, and watches the map around the phone. */
  async function connect(phone: Phone): Promise<void> {
    const socket = await WireSocket.connect(phone.url, { accessKey: phone.token });
    phone.socket = socket;
    socket.onDisconnect = () => {
      if (phone.socket === socket) phone.socket = undefined;
    };
    // The phones that chat read their diffs (whom they may write to, and the sample the map
    // update is measured on); the others let them go unread, as parsing them all would take
    // the simulator's CPU from the machine the server runs on.
    if (!phone.chats) socket.ignore('map:diff');
    socket.on('map:diff', (payload) => heard(phone, payload as MapDiff));
    socket.on('chat:message', (payload) => {
      const message = payload as ChatMessage;
      if (message.senderId === phone.id) return;
      // The sender, maybe in another process of phones, wrote its clock into the text.
      const sent = parseInt(message.text.slice(message.text.lastIndexOf(' ') + 1), 36);
      if (measuring && sent > 0) result.chatLatencies.push(Date.now() - sent);
    });
    if (phone.handUp || phone.handChangeAt === Infinity) await raiseHand(phone);
    const snapshot = await ack<MapSnapshot>(phone, 'map:watch', {
      ...latLonOf(phone),
      radiusM: pace.watchRadiusM,
    });
    if (snapshot.ok) for (const hand of snapshot.hands) see(phone, hand.userId);
    phone.reconnectAt = now() + exponential(pace.reconnectMeanS * 1000);
  }

  function see(phone: Phone, userId: number): void {
    if (!chatters.has(userId) || phone.seenSet.has(userId)) return;
    phone.seenSet.add(userId);
    phone.seen.push(userId);
  }

  function heard(phone: Phone, diff: MapDiff): void {
    const at = Date.now();
    for (const hand of diff.upsert) {
      see(phone, hand.userId);
      const sent = positionSentAt.get(hand.userId);
      if (measuring && sent !== undefined) result.mapLatencies.push(at - sent);
    }
  }

  /** Runs `work` for the phone unless it is already in one; a failure marks it failed. */
  function step(phone: Phone, work: () => Promise<void>, onFail?: () => void): void {
    if (phone.busy) return;
    phone.busy = true;
    work().then(
      () => {
        phone.busy = false;
        phone.failed = false;
      },
      () => {
        phone.busy = false;
        phone.failed = true;
        onFail?.();
      },
    );
  }

  function look(phone: Phone): void {
    const t = now();
    if (phone.walking) {
      phone.heading += (Math.random() - 0.5) * 0.6;
      const stride = (pace.walkSpeedMps * LOOK_EVERY_MS) / 1000;
      phone.east += stride * Math.cos(phone.heading);
      phone.north += stride * Math.sin(phone.heading);
      if (Math.hypot(phone.east, phone.north) > CITY_RADIUS_M) phone.heading += Math.PI;
    }
    if (phone.busy) return;
    if (!phone.socket?.connected) {
      // Dropped by the server, or a reconnect that failed: the app tries again.
      step(
        phone,
        () => connect(phone),
        () => measuring && result.reconnectsFailed++,
      );
      return;
    }
    if (t >= phone.reconnectAt) {
      if (measuring) result.reconnects++;
      const socket = phone.socket;
      phone.socket = undefined;
      socket.disconnect();
      step(
        phone,
        () => connect(phone),
        () => measuring && result.reconnectsFailed++,
      );
      return;
    }
    if (t >= phone.handChangeAt) {
      if (phone.handUp) {
        phone.handUp = false;
        phone.handChangeAt = t + exponential(pace.handBreakMeanS * 1000);
        step(phone, async () => void (await ack(phone, 'hand:lower', {})));
      } else {
        step(phone, () => raiseHand(phone));
      }
      return;
    }
    const moved = Math.hypot(phone.east - phone.sentEast, phone.north - phone.sentNorth);
    const due = t - phone.sentAt >= pace.positionIntervalMs - LOOK_EVERY_MS / 2;
    if (due || (pace.positionDistanceM > 0 && moved >= pace.positionDistanceM)) {
      sendPosition(phone);
    }
  }

  function chat(phone: Phone, n: number): void {
    // Most messages continue the phone's main conversation; every fifth starts another one.
    const partner = phone.seen[n % 5 === 0 ? Math.floor(n / 5) % phone.seen.length : 0];
    if (partner === undefined || !phone.socket?.connected) return;
    const sentAt = Date.now();
    postJson(`${phone.url}/api/meet/conversations/${partner}/messages`, phone.token, {
      clientId: `b-${phone.id}-${n}-${sentAt}`,
      // The clock in base 36: in digits it reads as a phone number to the scam check.
      text: `hello from the benchmark 👋 ${sentAt.toString(36)}`,
    }).then(
      (response) => {
        if (response.status < 300 || !measuring) return;
        result.chatFailed++;
        const { code } = JSON.parse(response.body) as { code?: string };
        countIn(result.chatRefusals, `${response.status} ${code ?? ''}`);
      },
      () => measuring && result.chatFailed++,
    );
  }

  // Connected a hundred at a time, as phones coming online over a minute rather than at once.
  for (let i = 0; i < phones.length; i += 100) {
    await Promise.all(
      phones.slice(i, i + 100).map((phone) =>
        connect(phone).then(
          () => result.connected++,
          () => (phone.failed = true),
        ),
      ),
    );
  }

  let running = true;
  const timers: NodeJS.Timeout[] = [];
  // Each phone looks at its place once a second, at its own phase of it.
  const slices = 10;
  let slice = 0;
  timers.push(
    setInterval(() => {
      if (!running) return;
      for (let n = slice; n < phones.length; n += slices) look(phones[n]!);
      slice = (slice + 1) % slices;
    }, LOOK_EVERY_MS / slices),
  );
  for (const phone of phones) {
    if (!phone.chats) continue;
    let n = Math.floor(Math.random() * 5);
    const start = setTimeout(() => {
      timers.push(setInterval(() => chat(phone, ++n), pace.chatEveryMs));
    }, Math.random() * pace.chatEveryMs);
    timers.push(start);
  }

  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  process.send?.({ type: 'ready' });
  await command('measure');
  measuring = true;
  lag.enable();
  const cpuAtStart = process.cpuUsage();
  const windowStart = performance.now();
  await command('stop');
  measuring = false;
  lag.disable();
  result.clientLagP99 = lagMs(lag, 99);
  const cpu = process.cpuUsage(cpuAtStart);
  result.clientCpu = (cpu.user + cpu.system) / 1e6 / ((performance.now() - windowStart) / 1000);
  result.sustained = phones.filter((p) => p.socket?.connected && !p.failed).length;
  running = false;
  for (const timer of timers) clearInterval(timer);
  await Promise.all(
    phones.map((p) => (p.socket?.connected ? ack(p, 'hand:lower', {}).catch(() => undefined) : 0)),
  );
  for (const phone of phones) phone.socket?.disconnect();
  return result;
}

/** Resolves when the orchestrator sends the command. */
export function command(type: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string }) => {
      if (message.type !== type) return;
      process.off('message', listener);
      resolve();
    };
    process.on('message', listener);
  });
}
