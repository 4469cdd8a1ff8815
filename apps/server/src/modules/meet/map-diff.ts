import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { MapHand } from '@meeet/core/api/realtime';
import type { LatLon } from './coarse-position.ts';

/**
 * Map diffs encoded by hand, straight into the bytes of their WebSocket frame. A hand that
 * changes cell goes out to every watcher near it, and all but two of its fields are the same
 * for each of them: those are encoded once per change (`sharedPart`), and each watcher's entry
 * only adds its distance and ring. A diff is then written as UTF-8 into one buffer with the
 * frame's envelope around it (`EncodedDiff.framed`): building it as a string first (each entry,
 * their join, the envelope, then `ws` encoding the whole to bytes) made four copies of every
 * diff, a quarter of what the server allocated at 5,000 clients (docs/benchmarks.md).
 */

/** The fields of a hand's entry every watcher shares, in the order the wire shows them. */
export function sharedFields(
  card: PublicCard,
  mood: Mood,
  point: LatLon,
): Omit<MapHand, 'distanceM' | 'ring'> {
  // Field by field: spreading the card cost ~6 µs an entry, most of a busy tick.
  return {
    userId: card.userId,
    nickname: card.nickname,
    firstName: card.firstName,
    avatar: card.avatar,
    verified: card.verified,
    levels: card.levels,
    mood,
    lat: point.lat,
    lon: point.lon,
  };
}

/** The shared fields as JSON without the closing brace, and that JSON's length in UTF-8. */
export interface SharedPart {
  json: string;
  bytes: number;
}

export function sharedPart(card: PublicCard, mood: Mood, point: LatLon): SharedPart {
  const json = JSON.stringify(sharedFields(card, mood, point)).slice(0, -1);
  return { json, bytes: Buffer.byteLength(json) };
}

/** One watcher's entry: a hand's shared part with its distance and ring (whole numbers). */
export interface DiffEntry {
  shared: SharedPart;
  distanceM: number;
  ring: number;
}

const UPSERT = Buffer.from('{"upsert":[');
const DISTANCE = Buffer.from(',"distanceM":');
const RING = Buffer.from(',"ring":');
const LEFT = Buffer.from('],"left":[');
const END = Buffer.from(']}');
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const ZERO = 0x30;
const NOTHING = Buffer.alloc(0);

/** How many decimal digits a whole number has. */
function digitsOf(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Writes a whole number's digits at `at`; returns where they end. */
function writeDigits(target: Buffer, at: number, value: number): number {
  const end = at + digitsOf(value);
  let rest = value;
  for (let to = end - 1; to >= at; to--) {
    target[to] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

function assertWhole(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`a map diff carries whole numbers, not ${value}`);
  }
}

/** A diff ready to send: its entries, already in the watcher's order, and the users who left. */
export class EncodedDiff {
  constructor(
    readonly upsert: readonly DiffEntry[],
    readonly left: readonly number[],
  ) {}

  /** The diff's JSON as UTF-8 with `head` before it and `tail` after it, in one buffer. */
  framed(head: Buffer, tail: Buffer): Buffer {
    const { upsert, left } = this;
    // The envelope, and the commas between entries and between users who left.
    let size = head.length + UPSERT.length + LEFT.length + END.length + tail.length;
    size += Math.max(0, upsert.length - 1) + Math.max(0, left.length - 1);
    for (const entry of upsert) {
      assertWhole(entry.distanceM);
      assertWhole(entry.ring);
      size += entry.shared.bytes + DISTANCE.length + digitsOf(entry.distanceM);
      size += RING.length + digitsOf(entry.ring) + 1; // its closing brace
    }
    for (const userId of left) {
      assertWhole(userId);
      size += digitsOf(userId);
    }
    // Pooled when small, as `ws` itself allocates; the frame lives until it is written.
    const frame = Buffer.allocUnsafe(size);
    frame.set(head, 0);
    let at = head.length;
    frame.set(UPSERT, at);
    at += UPSERT.length;
    for (let n = 0; n < upsert.length; n++) {
      const { shared, distanceM, ring } = upsert[n]!;
      if (n > 0) frame[at++] = COMMA;
      at += frame.write(shared.json, at, shared.bytes);
      frame.set(DISTANCE, at);
      at = writeDigits(frame, at + DISTANCE.length, distanceM);
      frame.set(RING, at);
      at = writeDigits(frame, at + RING.length, ring);
      frame[at++] = CLOSE_BRACE;
    }
    frame.set(LEFT, at);
    at += LEFT.length;
    for (let n = 0; n < left.length; n++) {
      if (n > 0) frame[at++] = COMMA;
      at = writeDigits(frame, at, left[n]!);
    }
    frame.set(END, at);
    at += END.length;
    frame.set(tail, at);
    return frame;
  }

  /** The diff's JSON as text: the very bytes `framed` writes, for tests to read. */
  json(): string {
    return this.framed(NOTHING, NOTHING).toString('utf8');
  }
}
