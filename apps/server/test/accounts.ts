import { asc, sql } from 'drizzle-orm';
import type { AuthResponse } from '@meeet/core/api/user';
import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { oneTimeCodes } from '../src/modules/codes/codes.schema.ts';
import { feedback } from '../src/modules/feedback/feedback.schema.ts';
import { devMailbox } from '../src/modules/mail/mail.schema.ts';
import { sessions, users } from '../src/modules/users/users.schema.ts';

/** Strong enough for the common-password check, typed by every test user unless told otherwise. */
export const PASSWORD = 'Meeet-Tiger-42';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export function bearer(token: string, fingerprint = 'fp-test-device') {
  return { authorization: `Bearer ${token}`, 'x-fp': fingerprint };
}

/**
 * A call to `/api<url>` as a signed-in client makes it (`token`: the caller's, on the test
 * device), through `app().inject` (a getter: the app is built in `beforeAll`):
 * `inject('POST', '/crypto/nft/buy', token, body, headers)`.
 */
export function apiInjector(app: () => Pick<App, 'inject'>) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Registers a user through the API, as the web app does. */
export async function registerUser(
  app: App,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = { 'x-fp': 'fp-test-device' },
): Promise<AuthResponse & { password: string }> {
  const password = (body.password as string | undefined) ?? PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers,
    payload: { email: uniqueEmail(), password, acceptTerms: true, ...body },
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  return { ...(response.json() as AuthResponse), password };
}

/**
 * Every row of the accounts tables, in a stable order: compare before and after a refused
 * call to prove it changed nothing.
 */
export async function snapshot(db: Database) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.createdAt), asc(sessions.id)),
    codes: await db.select().from(oneTimeCodes).orderBy(asc(oneTimeCodes.id)),
    feedback: await db.select().from(feedback).orderBy(asc(feedback.id)),
    mails: await db.select().from(devMailbox).orderBy(asc(devMailbox.id)),
  };
}

export async function countRows(db: Database, table: 'users' | 'sessions' | 'one_time_codes') {
  const result = await db.execute<{ count: number }>(
    sql.raw(`select count(*)::int as count from ${table}`),
  );
  return result.rows[0]?.count ?? 0;
}

/** The code in the newest dev-mailbox mail to `to`. */
export async function devMailboxCode(db: Database, to: string): Promise<string> {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(sql`${devMailbox.to} = ${to}`)
    .orderBy(sql`${devMailbox.id} desc`)
    .limit(1);
  const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
