import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockListSchema, meetPaths } from '@meeet/core/api/meet';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../users/users.schema.ts';

describe('meet: the list of blocked people', () => {
  let t: TestApp;
  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, token: string) =>
    t.app.inject({ method, url: `/api${path}`, headers: bearer(token) });
  const one = (userId: number) => meetPaths.block.replace(':userId', String(userId));

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names each blocked person, in every answer, and forgets them on unblock', async () => {
    const me = await registerUser(t.app);
    const named = await registerUser(t.app);
    const unnamed = await registerUser(t.app);
    await t.db
      .update(users)
      .set({ domain: `kate${named.user.id}`, firstName: 'Kate' })
      .where(eq(users.id, named.user.id));

    const blocked = await call('PUT', one(named.user.id), me.token);
    expect(blocked.statusCode).toBe(200);
    expect(blockListSchema.parse(blocked.json()).people).toEqual([
      {
        userId: named.user.id,
        nickname: `kate${named.user.id}`,
        firstName: 'Kate',
        avatar: `/api/media/avatar/${named.user.id}/small`,
      },
    ]);
    expect((await call('PUT', one(unnamed.user.id), me.token)).statusCode).toBe(200);

    const list = blockListSchema.parse((await call('GET', meetPaths.blocks, me.token)).json());
    expect(list.people.map((p) => p.userId)).toEqual(list.list);
    expect(list.people.map((p) => [p.userId, p.nickname])).toEqual(
      expect.arrayContaining([
        [named.user.id, `kate${named.user.id}`],
        [unnamed.user.id, null],
      ]),
    );

    const after = await call('DELETE', one(named.user.id), me.token);
    expect(blockListSchema.parse(after.json()).people.map((p) => p.userId)).toEqual([
      unnamed.user.id,
    ]);
    // Someone else's list is their own.
    const theirs = blockListSchema.parse((await call('GET', meetPaths.blocks, named.token)).json());
    expect(theirs).toEqual({ list: [], people: [] });
  });
});
