import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { DATABASE_CASING, type Database } from './client.ts';

const dialect = new PgDialect({ casing: DATABASE_CASING });

/** The placeholders a statement's builder gets, one per value it is run with. */
export type Placeholders<Values> = { [K in keyof Values]: Placeholder<K & string> };

/**
 * A hand-written statement (`sql` with its values as placeholders) built into text once and run
 * by name: a hot statement skips drizzle's walk of the template on every call (chat's send, a
 * sixty-part statement, made more garbage than the rest of a message's handling), and
 * PostgreSQL parses it once per connection. Rows come back as node-postgres gives them.
 */
export function preparedSql<Values extends object, Row extends pg.QueryResultRow>(
  name: string,
  build: (values: Placeholders<Values>) => SQL,
): (db: Database, values: Values) => Promise<pg.QueryResult<Row>> {
  let built: { text: string; fixed: unknown[]; named: (string | undefined)[] } | undefined;
  const make = () => {
    // Each value the builder names becomes a placeholder of that name.
    const placeholders = new Proxy({} as Placeholders<Values>, {
      get: (_, key) => sql.placeholder(String(key)),
    });
    const query = dialect.sqlToQuery(build(placeholders));
    return {
      text: query.sql,
      fixed: query.params,
      named: query.params.map((param) => (is(param, Placeholder) ? param.name : undefined)),
    };
  };
  return (db, values) => {
    built ??= make();
    const { text, fixed, named } = built;
    const params = named.map((key, at) =>
      key === undefined ? fixed[at] : values[key as keyof Values],
    );
    return clientOf(db).query<Row>({ name, text, values: params });
  };
}

function clientOf(db: Database): pg.Pool {
  const client = (db as { $client?: pg.Pool }).$client;
  if (!client) throw new Error('preparedSql runs on the database, not inside a transaction');
  return client;
}
