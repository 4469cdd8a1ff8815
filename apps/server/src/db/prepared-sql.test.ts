import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { createDatabase, createPool, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { preparedSql } from './prepared-sql.ts';
import { sessions } from '../modules/users/users.schema.ts';

describe('a prepared hand-written statement', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: ReturnType<typeof createPool>;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, 1);
    await runMigrations(pool);
    db = createDatabase(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const echo = preparedSql<
    { word: string; times: number; loud: boolean },
    { said: string; again: string; count: number; column: string }
  >(
    'test_prepared_echo',
    (v) => sql`select ${v.word}::text as said, ${v.word}::text as again,
      ${v.times}::int + 1 as count, ${'fixed'}::text || ${v.loud}::boolean::text as column,
      ${sessions.lastSeenAt} is null as unused from ${sessions} right join (select 1) one on false`,
  );

  it('fills every use of a value by its name, with fixed values left as written', async () => {
    const { rows } = await echo(db, { word: 'привет 👋', times: 2, loud: true });
    expect(rows).toEqual([
      { said: 'привет 👋', again: 'привет 👋', count: 3, column: 'fixedtrue', unused: true },
    ]);
    const again = await echo(db, { word: 'second', times: 0, loud: false });
    expect(again.rows[0]).toMatchObject({ said: 'second', count: 1, column: 'fixedfalse' });
  });

  it('is parsed once per connection, under its name, with the columns in the snake case of the schema', async () => {
    await echo(db, { word: 'x', times: 1, loud: false });
    const { rows } = await pool.query<{ statement: string }>(
      `select statement from pg_prepared_statements where name = 'test_prepared_echo'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.statement).toContain('"sessions"."last_seen_at"');
  });

  it('refuses to run inside a transaction, where it has no connection of its own', async () => {
    await expect(
      db.transaction((tx) => echo(tx as unknown as Database, { word: 'x', times: 1, loud: false })),
    ).rejects.toThrow(/not inside a transaction/);
  });
});
