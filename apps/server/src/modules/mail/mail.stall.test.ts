import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { freePort } from '../../../test/global-setup.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';

/** A mail server that accepts connections and never says a word (no greeting). */
async function startSilentServer(port: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a mail server that stalls, with a pool of three connections', () => {
  let t: TestApp;
  let port: number;
  let silent: Awaited<ReturnType<typeof startSilentServer>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATABASE_POOL_MAX: '3',
      SMTP_CONNECTION_TIMEOUT_MS: '4000',
      SMTP_GREETING_TIMEOUT_MS: '4000',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await silent?.close();
    await smtp?.close();
  });

  it('keeps answering other users while code mails hang, then delivers the mails', async () => {
    // One at a time: with a pool of three, four sign-ups at once on a busy machine could wait
    // past the pool's checkout time before the test's point is reached.
    const waiting = [];
    for (let n = 0; n < 4; n++) waiting.push(await registerUser(t.app));
    const other = await registerUser(t.app);
    silent = await startSilentServer(port);

    const requests = waiting.map((user) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/recovery-password/send-code',
        payload: { email: user.user.email },
      }),
    );
    // Every code mail is on the wire, waiting for a greeting that never comes.
    await until(() => silent!.sockets.size >= 3);

    const started = Date.now();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-fp': 'fp-test-device' },
      payload: { email: other.user.email, password: PASSWORD },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(other.token),
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/user/profile/${waiting[0]!.user.id}`,
      headers: bearer(other.token),
    });
    expect([login.statusCode, me.statusCode, profile.statusCode]).toEqual([200, 200, 200]);
    // Well inside the pool's 5 s checkout wait: no connection is held by a hanging mail.
    expect(Date.now() - started).toBeLessThan(2_000);
    const idle = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'idle in transaction'`,
    );
    expect(idle.rows[0]?.n).toBe(0);

    // The stalled sends time out; the codes are kept and their mails wait in the queue.
    const answers = await Promise.all(requests);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const queued = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'mail' and status = 'pending'`,
    );
    expect(queued.rows[0]?.n).toBe(4);

    // The mail server recovers: the queue's next pass delivers every code.
    await silent.close();
    silent = undefined;
    smtp = await startSmtpServer(port);
    await t.db.execute(sql`update jobs set run_at = now() where kind = 'mail'`);
    expect(await t.app.jobs.drain()).toBe(4);
    for (const user of waiting) {
      const mail = await smtp.waitForMail(user.user.email);
      expect(mail.subject).toMatch(/password recovery code \d{6}$/);
    }
  }, 30_000);
});
