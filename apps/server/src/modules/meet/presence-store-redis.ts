import type { Redis } from 'ioredis';
import { subscriberOf } from '../../plugins/redis.ts';
import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { Hand, HandPatch, PresenceEvent, PresenceStore } from './presence-store.ts';

const PREFIX = 'meeet:meet:';
const CHANNEL = `${PREFIX}events`;
/** A hand's key outlives its maximum by this much: the drop timer, not the TTL, ends it. */
const HAND_KEY_SLACK_MS = 60_000;

/**
 * Replaces a hand (ARGV: area prefix, user id, area TTL ms, expire-at ms, field/value pairs)
 * and moves it between area sets, atomically.
 */
const PUT_SCRIPT = `
local old = redis.call('HGET', KEYS[1], 'area')
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
local new = redis.call('HGET', KEYS[1], 'area')
if old and old ~= '' and old ~= new then redis.call('SREM', ARGV[1] .. old, ARGV[2]) end
if new and new ~= '' then
  redis.call('SADD', ARGV[1] .. new, ARGV[2])
  redis.call('PEXPIRE', ARGV[1] .. new, ARGV[3])
end
return 1`;

/** Patches an existing hand (ARGV: area prefix, user id, area TTL ms, field/value pairs). */
const UPDATE_SCRIPT = `
local before = redis.call('HGETALL', KEYS[1])
if #before == 0 then return nil end
local old = redis.call('HGET', KEYS[1], 'area')
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
local new = redis.call('HGET', KEYS[1], 'area')
if old ~= new then
  if old and old ~= '' then redis.call('SREM', ARGV[1] .. old, ARGV[2]) end
  if new and new ~= '' then
    redis.call('SADD', ARGV[1] .. new, ARGV[2])
    redis.call('PEXPIRE', ARGV[1] .. new, ARGV[3])
  end
end
return before`;

/** Removes a hand (ARGV: area prefix, user id) and answers it as it was. */
const REMOVE_SCRIPT = `
local before = redis.call('HGETALL', KEYS[1])
if #before == 0 then return nil end
local area = redis.call('HGET', KEYS[1], 'area')
redis.call('DEL', KEYS[1])
if area and area ~= '' then redis.call('SREM', ARGV[1] .. area, ARGV[2]) end
return before`;

type Fields = Record<string, string>;

function encodePatch(patch: HandPatch): string[] {
  const out: string[] = [];
  if (patch.mood !== undefined) out.push('mood', patch.mood);
  if (patch.ghost !== undefined) out.push('ghost', patch.ghost ? '1' : '0');
  if (patch.position !== undefined) {
    out.push('position', patch.position ? JSON.stringify(patch.position) : '');
  }
  if (patch.cell !== undefined) out.push('cell', patch.cell ?? '');
  if (patch.area !== undefined) out.push('area', patch.area ?? '');
  return out;
}

function encode(hand: Hand): string[] {
  return [
    'raisedAt',
    String(hand.raisedAt),
    'expiresAt',
    String(hand.expiresAt),
    'card',
    JSON.stringify(hand.card),
    ...encodePatch(hand),
  ];
}

function decode(userId: number, fields: Fields): Hand | undefined {
  if (fields.raisedAt === undefined) return undefined;
  return {
    userId,
    mood: fields.mood as Mood,
    ghost: fields.ghost === '1',
    raisedAt: Number(fields.raisedAt),
    expiresAt: Number(fields.expiresAt),
    card: JSON.parse(fields.card ?? '{}') as PublicCard,
    position: fields.position ? (JSON.parse(fields.position) as Hand['position']) : null,
    cell: fields.cell || null,
    area: fields.area || null,
  };
}

/** HGETALL as a Lua script returns it: a flat list of names and values. */
function pairs(list: unknown): Fields | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const fields: Fields = {};
  for (let i = 0; i + 1 < list.length; i += 2) fields[String(list[i])] = String(list[i + 1]);
  return fields;
}

interface PresenceCommands {
  meetPut(key: string, ...args: (string | number)[]): Promise<number>;
  meetUpdate(key: string, ...args: (string | number)[]): Promise<unknown>;
  meetRemove(key: string, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Hands in Redis, so every server process sees one map: a hash per hand (expiring a minute
 * after the hand's maximum, so a crashed process leaves nothing behind for long), a set of
 * user ids per index area, a sorted set of sightings per viewer, and one pub/sub channel for
 * the changes. Writes that touch a hand and its area sets run as Lua scripts, so they are
 * atomic. Exact positions live only in the hand hashes.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly redis: Redis & PresenceCommands;
  private readonly subscriber: Redis;
  private readonly listeners: ((event: PresenceEvent) => void)[] = [];

  constructor(
    redis: Redis,
    private readonly options: {
      /** How long an area's set is kept after its last join (the hands' maximum is enough). */
      areaTtlMs: number;
      onError: (error: unknown, what: string) => void;
    },
  ) {
    // A script per store instance on the shared client; defineCommand is idempotent by name.
    redis.defineCommand('meetPut', { numberOfKeys: 1, lua: PUT_SCRIPT });
    redis.defineCommand('meetUpdate', { numberOfKeys: 1, lua: UPDATE_SCRIPT });
    redis.defineCommand('meetRemove', { numberOfKeys: 1, lua: REMOVE_SCRIPT });
    this.redis = redis as Redis & PresenceCommands;
    // SUBSCRIBE takes a connection for itself.
    this.subscriber = subscriberOf(redis);
    this.subscriber.on('error', (error) => options.onError(error, 'presence subscriber'));
    this.subscriber.on('message', (_channel: string, message: string) => {
      let event: PresenceEvent;
      try {
        event = JSON.parse(message) as PresenceEvent;
      } catch (error) {
        options.onError(error, 'presence event');
        return;
      }
      for (const listener of this.listeners) listener(event);
    });
  }

  /** Subscribes to the channel; resolve before serving, so no change is missed. */
  async start(): Promise<void> {
    if (this.subscriber.status === 'wait') await this.subscriber.connect();
    await this.subscriber.subscribe(CHANNEL);
  }

  private key(userId: number): string {
    return `${PREFIX}hand:${userId}`;
  }

  async put(hand: Hand): Promise<void> {
    await this.redis.meetPut(
      this.key(hand.userId),
      `${PREFIX}area:`,
      hand.userId,
      this.options.areaTtlMs,
      hand.expiresAt + HAND_KEY_SLACK_MS,
      ...encode(hand),
    );
  }

  async get(userId: number): Promise<Hand | undefined> {
    return decode(userId, await this.redis.hgetall(this.key(userId)));
  }

  async getMany(userIds: readonly number[]): Promise<(Hand | undefined)[]> {
    if (userIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.hgetall(this.key(id));
    const answers = (await pipeline.exec()) ?? [];
    return userIds.map((id, index) => {
      const [error, fields] = answers[index] ?? [null, {}];
      if (error) throw error;
      return decode(id, fields as Fields);
    });
  }

  async update(userId: number, patch: HandPatch): Promise<Hand | undefined> {
    const fields = encodePatch(patch);
    if (fields.length === 0) return this.get(userId);
    const before = await this.redis.meetUpdate(
      this.key(userId),
      `${PREFIX}area:`,
      userId,
      this.options.areaTtlMs,
      ...fields,
    );
    const old = pairs(before);
    return old ? decode(userId, old) : undefined;
  }

  async remove(userId: number): Promise<Hand | undefined> {
    const before = pairs(await this.redis.meetRemove(this.key(userId), `${PREFIX}area:`, userId));
    return before ? decode(userId, before) : undefined;
  }

  /**
   * Walks the hand keys (SCAN, a thousand at a time, never blocking Redis). Linear in the hands
   * up, which is fine for a monitor that asks every few seconds; expired hands are not counted.
   */
  async count(): Promise<number> {
    return (await this.raisedUserIds()).length;
  }

  async raisedUserIds(): Promise<number[]> {
    const ids: number[] = [];
    const prefix = `${PREFIX}hand:`;
    for await (const keys of this.redis.scanStream({ match: `${prefix}*`, count: 1000 })) {
      for (const key of keys as string[]) ids.push(Number(key.slice(prefix.length)));
    }
    return ids;
  }

  async inAreas(areas: readonly string[]): Promise<Hand[]> {
    if (areas.length === 0) return [];
    const ids = await this.redis.sunion(...areas.map((area) => `${PREFIX}area:${area}`));
    // An id whose hash expired (its process died) is skipped; its area set expires too.
    const wanted = new Set(areas);
    return (await this.getMany(ids.map(Number))).filter(
      (hand): hand is Hand => hand !== undefined && hand.area !== null && wanted.has(hand.area),
    );
  }

  async sighted(viewer: number, seen: readonly number[], at: number, ttlMs: number) {
    if (seen.length === 0) return;
    const key = `${PREFIX}seen:${viewer}`;
    await this.redis
      .multi()
      .zadd(key, ...seen.flatMap((id) => [at, String(id)]))
      .zremrangebyscore(key, '-inf', at - ttlMs)
      .pexpire(key, ttlMs)
      .exec();
  }

  async lastSighting(viewer: number, seen: number): Promise<number | undefined> {
    const score = await this.redis.zscore(`${PREFIX}seen:${viewer}`, String(seen));
    return score === null ? undefined : Number(score);
  }

  publish(event: PresenceEvent): void {
    this.redis
      .publish(CHANNEL, JSON.stringify(event))
      .catch((error: unknown) => this.options.onError(error, 'presence publish'));
  }

  subscribe(listener: (event: PresenceEvent) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
