import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { refusal } from '../plugins/realtime-events.ts';
import { isDatabaseBusy } from './busy.ts';
import { busyPool } from './busy.test-support.ts';
import { createDatabase } from './client.ts';

describe('a database connection that cannot be had in time', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** What a statement fails with while the pool's only connection stays checked out. */
  async function failureOfBusyPool(): Promise<unknown> {
    const busy = await busyPool(database.url);
    try {
      await createDatabase(busy.pool).execute(sql`select 1`);
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await busy.end();
    }
  }

  it('is told apart from other failures, through the query error that wraps it', async () => {
    const failure = await failureOfBusyPool();
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseBusy(failure)).toBe(true);
    expect(isDatabaseBusy(new Error('relation "users" does not exist'))).toBe(false);
    expect(isDatabaseBusy('timeout exceeded when trying to connect')).toBe(false);
  });

  it('answers a socket event with SERVICE_UNAVAILABLE in the user language, not an internal error', async () => {
    const failure = await failureOfBusyPool();
    // Only what refusal() writes to: the warning that says the process was overloaded.
    const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    expect(refusal(failure, 'ru', log)).toEqual({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Сервер сейчас перегружен. Попробуйте ещё раз через несколько секунд',
    });
    expect(refusal(failure, 'en', log)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is busy right now. Please try again in a few seconds',
    });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });
});
