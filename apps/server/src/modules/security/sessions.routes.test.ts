import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  activeSessionsSchema,
  securityEventsPageSchema,
  sessionsEndedSchema,
} from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { userPaths } from '@meeet/core/api/user-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { makeRole } from '../media/media.test-support.ts';
import { socketTestServer } from '../meet/meet.test-support.ts';
import { withdrawalHolds } from '../wallet/custody.schema.ts';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE_APP = 'MEEET/12 CFNetwork/1568.100.1 Darwin/24.0.0';

describe('sessions people control', () => {
  const server = socketTestServer({
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  });
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) =>
    server.t.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });

  /** A registered user on a Chrome with fingerprint fp-first. */
  async function owner() {
    return registerUser(server.t.app, {}, { 'x-fp': 'fp-first', 'user-agent': CHROME });
  }

  async function signIn(email: string, password: string, fingerprint: string, agent: string) {
    const response = await inject(
      'POST',
      userPaths.login,
      { 'x-fp': fingerprint, 'user-agent': agent },
      { email, password },
    );
    expect(response.statusCode).toBe(200);
    return (response.json() as { token: string }).token;
  }

  const me = (token: string, fingerprint = 'fp-first') =>
    inject('GET', userPaths.me, bearer(token, fingerprint));

  async function mailsTo(email: string) {
    return server.t.db
      .select()
      .from(devMailbox)
      .where(sql`${devMailbox.to} = ${email}`)
      .orderBy(devMailbox.id);
  }

  it('lists the active sessions with device and client; the caller’s own is marked', async () => {
    const first = await owner();
    const second = await signIn(first.user.email, first.password, 'fp-phone', IPHONE_APP);
    const response = await inject('GET', securityPaths.sessions, bearer(first.token, 'fp-first'));
    expect(response.statusCode).toBe(200);
    const { list } = activeSessionsSchema.parse(response.json());
    expect(list).toHaveLength(2);
    const mine = list.find((session) => session.current);
    const phone = list.find((session) => !session.current);
    expect(mine).toMatchObject({ client: 'browser', browser: 'Chrome 130', os: 'macOS 10' });
    expect(phone).toMatchObject({ client: 'app', browser: null, os: 'iOS' });
    // Local addresses have no country.
    expect(phone?.country).toBeNull();
    expect((await me(second, 'fp-phone')).statusCode).toBe(200);
  });

  it('ending a session from another device revokes its tokens and disconnects its socket at once', async () => {
    const first = await owner();
    const second = await signIn(first.user.email, first.password, 'fp-second', FIREFOX);
    const socket = await server.socket(second);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const { list } = activeSessionsSchema.parse(
      (await inject('GET', securityPaths.sessions, bearer(first.token, 'fp-first'))).json(),
    );
    const other = list.find((session) => !session.current);
    expect(other?.browser).toBe('Firefox 132');

    // As the web client sends it: a JSON content type and no body.
    const ended = await inject('DELETE', securityPaths.session(other?.id ?? ''), {
      ...bearer(first.token, 'fp-first'),
      'content-type': 'application/json',
    });
    expect(ended.statusCode).toBe(200);
    expect(sessionsEndedSchema.parse(ended.json())).toEqual({ ended: 1 });
    await disconnected;
    expect((await me(second, 'fp-second')).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(200);

    // Ended already: nothing to end.
    const again = await inject(
      'DELETE',
      securityPaths.session(other?.id ?? ''),
      bearer(first.token, 'fp-first'),
    );
    expect(again.statusCode).toBe(404);
  });

  it("refuses to end another user's session, which keeps working", async () => {
    const first = await owner();
    const stranger = await owner();
    const { list } = activeSessionsSchema.parse(
      (await inject('GET', securityPaths.sessions, bearer(stranger.token, 'fp-first'))).json(),
    );
    const response = await inject(
      'DELETE',
      securityPaths.session(list[0]?.id ?? ''),
      bearer(first.token, 'fp-first'),
    );
    expect(response.statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);
    const malformed = await inject('DELETE', securityPaths.session('nope'), bearer(first.token));
    expect(malformed.statusCode).toBe(400);
  });

  it('signs out everywhere else, keeping the session that asked', async () => {
    const first = await owner();
    const second = await signIn(first.user.email, first.password, 'fp-b', FIREFOX);
    const third = await signIn(first.user.email, first.password, 'fp-c', IPHONE_APP);
    const response = await inject('POST', securityPaths.endOthers, bearer(first.token, 'fp-first'));
    expect(response.statusCode).toBe(200);
    expect(sessionsEndedSchema.parse(response.json())).toEqual({ ended: 2 });
    expect((await me(second, 'fp-b')).statusCode).toBe(401);
    expect((await me(third, 'fp-c')).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(200);
  });

  it('mails a sign-in from a new device with a one-use link that ends every session', async () => {
    const first = await owner();
    // The same device again: no mail.
    await signIn(first.user.email, first.password, 'fp-first', CHROME);
    const stranger = await signIn(first.user.email, first.password, 'fp-stranger', FIREFOX);
    const mail = await vi.waitFor(async () => {
      const mails = await mailsTo(first.user.email);
      const found = mails.find((m) => m.subject === 'MEEET: sign-in from a new device');
      if (!found) throw new Error('no new-device mail yet');
      expect(mails.filter((m) => m.subject.includes('new device'))).toHaveLength(1);
      return found;
    });
    expect(mail.text).toContain('Firefox 132 · Linux');
    expect(mail.text).toContain('unknown place');
    const token = /\/not-me\?token=([^\s]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const used = await inject(
      'POST',
      securityPaths.notMe,
      {},
      { token: decodeURIComponent(token ?? '') },
    );
    expect(used.statusCode).toBe(200);
    expect(sessionsEndedSchema.parse(used.json())).toEqual({ ended: 3 });
    expect((await me(stranger, 'fp-stranger')).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);

    // Withdrawals are frozen (the wallet's pause, which it explains to the owner).
    const holds = await server.t.db
      .select({ reason: withdrawalHolds.reason })
      .from(withdrawalHolds)
      .where(eq(withdrawalHolds.userId, first.user.id));
    expect(holds.map((hold) => hold.reason)).toContain('not-me');

    const again = await inject(
      'POST',
      securityPaths.notMe,
      {},
      { token: decodeURIComponent(token ?? '') },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
    const forged = await inject('POST', securityPaths.notMe, {}, { token: 'forged.token.value' });
    expect(forged.statusCode).toBe(400);

    const admin = await owner();
    await makeRole(server.t.db, admin.user.id, 'admin');
    const events = securityEventsPageSchema.parse(
      (
        await inject(
          'GET',
          securityPaths.staffEvents(first.user.id),
          bearer(admin.token, 'fp-first'),
        )
      ).json(),
    );
    expect(events.list.map((event) => event.kind)).toEqual(['not-me', 'sign-in-new-device']);
  });

  it('shows the anti-phishing phrase in every mail to the user', async () => {
    const first = await owner();
    const short = await inject('PUT', securityPaths.antiPhishing, bearer(first.token, 'fp-first'), {
      phrase: 'ab',
    });
    expect(short.statusCode).toBe(400);
    const set = await inject('PUT', securityPaths.antiPhishing, bearer(first.token, 'fp-first'), {
      phrase: 'Blue heron 7',
    });
    expect(set.statusCode).toBe(200);
    expect(
      (await inject('GET', securityPaths.antiPhishing, bearer(first.token, 'fp-first'))).json(),
    ).toEqual({ phrase: 'Blue heron 7' });

    const sent = await inject('POST', userPaths.recoverySendCode, {}, { email: first.user.email });
    expect(sent.statusCode).toBe(200);
    const [mail] = await mailsTo(first.user.email);
    expect(mail?.text.startsWith('Your anti-phishing code: Blue heron 7')).toBe(true);
    expect(mail?.html).toContain('Your anti-phishing code: Blue heron 7');

    // Another user's mail does not carry it.
    const other = await owner();
    await inject('POST', userPaths.recoverySendCode, {}, { email: other.user.email });
    const [otherMail] = await mailsTo(other.user.email);
    expect(otherMail?.text).not.toContain('anti-phishing');
  });
});
