import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CpaLinkWithSecret, CpaPostback, CpaTotals } from '@meeet/core/api/cpa';
import { USDT_UNIT } from '@meeet/core/constants';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, usdtBalance, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { setUserRole } from '../users/user-role.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { POSTBACK_RETRY_DELAYS_MS } from './cpa.service.ts';
import { next, openSocket } from '../meet/meet.test-support.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP receiver standing in for an affiliate's tracker. */
function startReceiver() {
  const received: Received[] = [];
  let failing = false;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      received.push({
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (url.pathname === '/redirect-private') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else if (url.pathname === '/redirect-name') {
        response.writeHead(307, { location: 'http://internal.example/pb' });
        response.end();
      } else if (failing || url.pathname === '/fail') {
        response.writeHead(500);
        response.end('down');
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('ok');
      }
    });
  });
  return {
    received,
    server,
    setFailing: (value: boolean) => {
      failing = value;
    },
    port: () => (server.address() as AddressInfo).port,
  };
}

/** Names the tests resolve without DNS: one public, the rest leading inside. */
const NAMES: Record<string, string[]> = {
  'tracker.example': ['93.184.216.34'],
  'evil.example': ['127.0.0.1'],
  'internal.example': ['10.0.0.7'],
  'mixed.example': ['93.184.216.34', '192.168.1.10'],
  'metadata.example': ['169.254.169.254'],
};

describe('affiliate (CPA) programme', () => {
  let t: TestApp;
  const receiver = startReceiver();
  let clock = Date.now();
  const now = () => new Date(clock);
  let admin: Awaited<ReturnType<typeof registerUser>>;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    options: {
      token?: string;
      payload?: unknown;
      headers?: Record<string, string>;
      fp?: string;
    } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        'user-agent': BROWSER_UA,
        ...(options.token ? bearer(options.token, options.fp ?? 'fp-affiliates') : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  /** A landing visit as the web app makes it: any API call with the stored attribution. */
  const visit = (linkId: string, fp: string, clickId?: string, userAgent = BROWSER_UA) =>
    call('GET', '/cpa/landings', {
      headers: {
        'x-fp': fp,
        'x-cpa-link-id': linkId,
        ...(clickId ? { 'x-uid': clickId } : {}),
        'user-agent': userAgent,
      },
    });

  const affiliate = (fp = `fp-aff-${randomUUID()}`) =>
    registerUser(t.app, {}, { 'x-fp': fp }).then((user) => ({ ...user, fp }));

  async function createLink(
    token: string,
    body: Record<string, unknown>,
    fp = 'fp-affiliates',
  ): Promise<CpaLinkWithSecret> {
    const response = await call('POST', '/cpa/links', { token, payload: body, fp });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const linkStats = async (token: string, id: string) => {
    const response = await call('GET', '/cpa/links', { token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as { id: string; stats: CpaTotals }[]).find(
      (link) => link.id === id,
    )?.stats;
  };

  const conversionsOf = async (token: string) =>
    (await call('GET', '/cpa/conversions?limit=100', { token })).json().items as {
      action: string;
      payout: string;
      linkId: string;
      clickId: string | null;
      flagged: boolean;
    }[];

  const postbacksOf = async (token: string) =>
    (await call('GET', '/cpa/postbacks?limit=100', { token })).json().items as CpaPostback[];

  const drain = () => t.app.jobs.drain({ now: now() });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_IP: '100000', CPA_POSTBACK_ALLOW: `127.0.0.1:${receiver.port()}` },
      {
        cpa: {
          now,
          resolve: async (host) => {
            const found = NAMES[host];
            if (!found) throw new Error(`ENOTFOUND ${host}`);
            return found;
          },
        },
      },
    );
    admin = await registerUser(t.app, {}, { 'x-fp': 'fp-admin' });
    await setUserRole(t.db, admin.user.email, 'admin');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it('manages links: secret shown once, empty callbackUrl dropped, another affiliate gets 404', async () => {
    const a = await affiliate();
    const b = await affiliate();
    const link = await createLink(a.token, { name: 'Spring campaign', callbackUrl: '' });
    expect(link).toMatchObject({ name: 'Spring campaign', callbackUrl: null, userId: a.user.id });
    expect(link.secret).toMatch(/^whsec_/);
    expect(link.id).toMatch(/^[A-Za-z0-9]{10}$/);

    const listed = await call('GET', '/cpa/links', { token: a.token });
    expect(listed.json().items).toHaveLength(1);
    expect(JSON.stringify(listed.json())).not.toContain(link.secret);

    const edited = await call('PATCH', `/cpa/links/${link.id}`, {
      token: a.token,
      payload: { name: 'Autumn', callbackUrl: 'https://tracker.example/pb?cid={click_id}' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Autumn',
      callbackUrl: 'https://tracker.example/pb?cid={click_id}',
    });

    // B can neither see, edit, renew nor delete A's link: it does not exist for B.
    for (const response of [
      await call('GET', `/cpa/links?userId=${a.user.id}`, { token: b.token }),
      await call('PATCH', `/cpa/links/${link.id}`, { token: b.token, payload: { name: 'Mine' } }),
      await call('POST', `/cpa/links/${link.id}/secret`, { token: b.token }),
      await call('DELETE', `/cpa/links/${link.id}`, { token: b.token }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.json().message).toBeTruthy();
    }
    expect((await call('GET', '/cpa/links', { token: b.token })).json().items).toEqual([]);
    expect((await call('GET', '/cpa/links', { token: a.token })).json().items[0].name).toBe(
      'Autumn',
    );
    // An admin may read any partner's links.
    const asAdmin = await call('GET', `/cpa/links?userId=${a.user.id}`, {
      token: admin.token,
      fp: 'fp-admin',
    });
    expect(asAdmin.json().items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    // Without a sign-in nothing at all.
    expect((await call('GET', '/cpa/links')).statusCode).toBe(401);

    const renewed = await call('POST', `/cpa/links/${link.id}/secret`, { token: a.token });
    expect(renewed.json().secret).toMatch(/^whsec_/);
    expect(renewed.json().secret).not.toBe(link.secret);

    expect((await call('DELETE', `/cpa/links/${link.id}`, { token: a.token })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/cpa/links', { token: a.token })).json().items).toEqual([]);
  });

  it('refuses callback URLs that lead to loopback, private, link-local or metadata addresses', async () => {
    const a = await affiliate();
    const refused = [
      'http://127.0.0.1:9/pb',
      'http://localhost.:9/pb'.replace('localhost.', '127.0.0.1'),
      'http://10.1.2.3/pb',
      'http://192.168.0.10/pb',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/pb',
      'http://[::ffff:127.0.0.1]/pb',
      'http://0.0.0.0/pb',
      // Names are judged by what they resolve to.
      'http://evil.example/pb',
      `http://evil.example:${receiver.port()}/pb`,
      'http://internal.example/pb',
      'http://metadata.example/pb',
      'http://mixed.example/pb',
    ];
    for (const callbackUrl of refused) {
      const response = await call('POST', '/cpa/links', {
        token: a.token,
        payload: { name: 'x', callbackUrl },
      });
      expect(response.statusCode, callbackUrl).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().fields.callbackUrl).toMatch(/private|local|reserved/);
    }
    for (const callbackUrl of ['ftp://tracker.example/pb', 'javascript:alert(1)', 'not a url']) {
      const response = await call('POST', '/cpa/links', {
        token: a.token,
        payload: { name: 'x', callbackUrl },
      });
      expect(response.statusCode, callbackUrl).toBe(400);
      expect(response.json().fields.callbackUrl).toMatch(/http/);
    }
    const unknown = await call('POST', '/cpa/links', {
      token: a.token,
      payload: { name: 'x', callbackUrl: 'http://nowhere.example/pb' },
    });
    expect(unknown.statusCode).toBe(400);
    // Nothing was stored, and editing to such an address is refused the same way.
    expect((await call('GET', '/cpa/links', { token: a.token })).json().items).toEqual([]);
    const link = await createLink(a.token, { name: 'ok', callbackUrl: 'http://tracker.example/' });
    const edit = await call('PATCH', `/cpa/links/${link.id}`, {
      token: a.token,
      payload: { callbackUrl: 'http://10.0.0.1/' },
    });
    expect(edit.statusCode).toBe(400);
    expect((await call('GET', '/cpa/links', { token: a.token })).json().items[0].callbackUrl).toBe(
      'http://tracker.example/',
    );
  });

  it('counts a hit once per fingerprint and link per 30 days; bots and self-hits apart', async () => {
    const a = await affiliate();
    const link = await createLink(a.token, { name: 'hits' });
    await visit(link.id, 'fp-visitor-1', 'c1');
    await visit(link.id, 'fp-visitor-1', 'c1');
    clock += 10 * MINUTE;
    await visit(link.id, 'fp-visitor-1', 'c2');
    expect((await linkStats(a.token, link.id))?.hits).toBe(1);
    await visit(link.id, 'fp-visitor-2');
    expect((await linkStats(a.token, link.id))?.hits).toBe(2);
    // A crawler and the affiliate's own device are not counted as hits.
    await visit(link.id, 'fp-bot', undefined, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await visit(link.id, a.fp, 'self');
    expect((await linkStats(a.token, link.id))?.hits).toBe(2);
    // An unknown link is ignored and the request itself still answers.
    expect((await visit('Unknown123', 'fp-visitor-1')).statusCode).toBe(200);
    // 29 days on the same visitor still counts once; after 30 days, again.
    clock += 29 * DAY;
    await visit(link.id, 'fp-visitor-1');
    expect((await linkStats(a.token, link.id))?.hits).toBe(2);
    clock += 1 * DAY + MINUTE;
    await visit(link.id, 'fp-visitor-1');
    expect((await linkStats(a.token, link.id))?.hits).toBe(3);

    const partners = await call('GET', '/cpa/partners', { token: admin.token, fp: 'fp-admin' });
    expect(partners.statusCode, partners.body).toBe(200);
    const me = partners.json().items.find((p: { userId: number }) => p.userId === a.user.id);
    expect(me).toMatchObject({ links: 1, totals: { hits: 3 }, fraud: { selfHits: 1 } });
    // Partners and settings changes are for admins only.
    expect((await call('GET', '/cpa/partners', { token: a.token })).statusCode).toBe(403);
  });

  it('attributes a registration to the last link clicked within 30 days, not after', async () => {
    const a = await affiliate();
    const first = await createLink(a.token, { name: 'first' });
    const second = await createLink(a.token, { name: 'second' });

    // Expired: the visit is 30 days and a minute old when the visitor registers.
    await visit(first.id, 'fp-late', 'late-click');
    clock += 30 * DAY + MINUTE;
    await registerUser(t.app, {}, { 'x-fp': 'fp-late', 'user-agent': BROWSER_UA });
    expect((await linkStats(a.token, first.id))?.regs).toBe(0);

    // Within the window, and the later click wins.
    await visit(first.id, 'fp-in-time', 'click-1');
    clock += 5 * DAY;
    await visit(second.id, 'fp-in-time', 'click-2');
    clock += 24 * DAY;
    const user = await registerUser(t.app, {}, { 'x-fp': 'fp-in-time', 'user-agent': BROWSER_UA });
    expect((await linkStats(a.token, first.id))?.regs).toBe(0);
    expect((await linkStats(a.token, second.id))?.regs).toBe(1);
    const conversions = await conversionsOf(a.token);
    expect(conversions).toEqual([
      expect.objectContaining({
        action: 'registration',
        linkId: second.id,
        clickId: 'click-2',
        payout: (1n * USDT_UNIT).toString(),
        flagged: false,
      }),
    ]);
    expect(user.user.id).toBeGreaterThan(0);

    // A second registration from the same device is flagged and earns nothing.
    await registerUser(t.app, {}, { 'x-fp': 'fp-in-time', 'user-agent': BROWSER_UA });
    const after = await conversionsOf(a.token);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ flagged: true, payout: '0' });
    const partners = (
      await call('GET', '/cpa/partners', { token: admin.token, fp: 'fp-admin' })
    ).json().items;
    expect(partners.find((p: { userId: number }) => p.userId === a.user.id).fraud).toMatchObject({
      sharedDeviceRegs: 1,
      flaggedConversions: 1,
    });
  });

  it('makes each action convert once per user, with the payout of its day', async () => {
    const a = await affiliate();
    const link = await createLink(a.token, { name: 'actions' });
    await visit(link.id, 'fp-actions', 'act-1');
    const user = await registerUser(t.app, {}, { 'x-fp': 'fp-actions', 'user-agent': BROWSER_UA });
    const profile = {
      firstName: 'Ann',
      lastName: 'Lee',
      domain: `ann${Date.now().toString(36)}`,
      gender: 1,
      bdate: '1990-05-01T00:00:00.000Z',
    };
    const update = await call('POST', '/user/profile-update', {
      token: user.token,
      fp: 'fp-actions',
      payload: profile,
    });
    expect(update.statusCode, update.body).toBe(200);
    await call('POST', '/user/profile-update', {
      token: user.token,
      fp: 'fp-actions',
      payload: { firstName: 'Anna' },
    });
    // An admin raises the first-meet payout: the conversion takes the new one, earlier keep theirs.
    const settings = (await call('GET', '/cpa/settings', { token: a.token })).json();
    settings.payouts.first_meet.standard = (7n * USDT_UNIT).toString();
    expect(
      (await call('PUT', '/cpa/settings', { token: a.token, payload: settings })).statusCode,
    ).toBe(403);
    const put = await call('PUT', '/cpa/settings', {
      token: admin.token,
      fp: 'fp-admin',
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await t.app.cpa.recordConversion(user.user.id, 'first_meet')).toBe(true);
    expect(await t.app.cpa.recordConversion(user.user.id, 'first_meet')).toBe(false);
    // Purchases: revenue each time, one conversion.
    for (const transactionId of [900_001, 900_002]) {
      await t.db.transaction((tx) =>
        t.app.marketEvents.purchaseCompleted(tx, {
          userId: user.user.id,
          level: 0,
          price: 100n * USDT_UNIT,
          transactionId,
        }),
      );
    }
    const conversions = await conversionsOf(a.token);
    expect(conversions.map((c) => c.action).sort()).toEqual([
      'fill_profile',
      'first_meet',
      'purchase',
      'registration',
    ]);
    const payout = (action: string) => conversions.find((c) => c.action === action)?.payout;
    expect(payout('fill_profile')).toBe((USDT_UNIT / 2n).toString());
    expect(payout('first_meet')).toBe((7n * USDT_UNIT).toString());
    expect(payout('purchase')).toBe((5n * USDT_UNIT).toString());
    const stats = await linkStats(a.token, link.id);
    expect(stats).toMatchObject({
      hits: 1,
      regs: 1,
      value: (200n * USDT_UNIT).toString(),
      profit: ((1n + 7n + 5n) * USDT_UNIT + USDT_UNIT / 2n).toString(),
      paid: '0',
    });
    // A user who came by no link converts nothing.
    const plain = await registerUser(t.app, {}, { 'x-fp': 'fp-nobody' });
    expect(await t.app.cpa.recordConversion(plain.user.id, 'first_meet')).toBe(false);
  });

  it('posts a signed postback with the macros filled to the receiver', async () => {
    const a = await affiliate();
    const base = `http://127.0.0.1:${receiver.port()}`;
    const link = await createLink(a.token, {
      name: 'tracked',
      callbackUrl: `${base}/pb?cid={click_id}&u={uid}&a={action}&p={payout}&c={currency}&l={link_id}&e={event_id}&t={ts}`,
    });
    await visit(link.id, 'fp-signed', 'clk-42');
    const before = receiver.received.length;
    await registerUser(t.app, {}, { 'x-fp': 'fp-signed', 'user-agent': BROWSER_UA });
    await drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0] as Received;
    const conversion = (await conversionsOf(a.token))[0];
    expect(Object.fromEntries(request.query)).toEqual({
      cid: 'clk-42',
      u: 'clk-42',
      a: 'registration',
      p: '1',
      c: 'USDT',
      l: link.id,
      e: expect.stringMatching(/^\d+$/),
      t: String(Math.floor(clock / 1000)),
    });
    const signature = String(request.headers['x-meeet-signature']);
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    const expected = createHmac('sha256', link.secret)
      .update(`${ts}.${request.body}`)
      .digest('hex');
    expect(v1).toBe(expected);
    expect(JSON.parse(request.body)).toMatchObject({
      action: 'registration',
      click_id: 'clk-42',
      payout: '1',
      currency: 'USDT',
      link_id: link.id,
    });
    expect(conversion?.action).toBe('registration');
    const [postback] = await postbacksOf(a.token);
    expect(postback).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(postback?.attempts).toEqual([
      expect.objectContaining({ attempt: 1, ok: true, statusCode: 200, error: null }),
    ]);
  });

  it('retries a failing receiver at 1 m, 5 m, 30 m, 2 h and 12 h, logs each attempt, and resends', async () => {
    const a = await affiliate();
    const link = await createLink(a.token, {
      name: 'flaky',
      callbackUrl: `http://127.0.0.1:${receiver.port()}/flaky?e={event_id}`,
    });
    await visit(link.id, 'fp-flaky', 'flaky-1');
    receiver.setFailing(true);
    const hits = () => receiver.received.filter((r) => r.path === '/flaky').length;
    await registerUser(t.app, {}, { 'x-fp': 'fp-flaky', 'user-agent': BROWSER_UA });
    await drain();
    expect(hits()).toBe(1);
    let [postback] = await postbacksOf(a.token);
    const first = Date.parse(postback!.attempts[0]!.at);
    expect(postback).toMatchObject({ status: 'pending' });
    expect(Date.parse(postback!.nextAttemptAt!)).toBe(first + MINUTE);

    let at = first;
    for (const [index, delay] of POSTBACK_RETRY_DELAYS_MS.entries()) {
      // A second before it is due nothing happens; when due, exactly one more attempt.
      clock = at + delay - 1000;
      await drain();
      expect(hits()).toBe(index + 1);
      clock = at + delay;
      await drain();
      expect(hits()).toBe(index + 2);
      at = clock;
      [postback] = await postbacksOf(a.token);
      const next = POSTBACK_RETRY_DELAYS_MS[index + 1];
      expect(postback?.nextAttemptAt ? Date.parse(postback.nextAttemptAt) : null).toBe(
        next === undefined ? null : at + next,
      );
    }
    expect(postback?.status).toBe('failed');
    expect(postback?.attempts.map((x) => [x.attempt, x.ok, x.statusCode])).toEqual([
      [1, false, 500],
      [2, false, 500],
      [3, false, 500],
      [4, false, 500],
      [5, false, 500],
      [6, false, 500],
    ]);
    expect(postback?.attempts.every((x) => x.error === 'HTTP 500')).toBe(true);
    // Nothing more is scheduled.
    clock += 7 * DAY;
    await drain();
    expect(hits()).toBe(6);

    // The receiver is fixed; the affiliate presses resend.
    receiver.setFailing(false);
    const other = await affiliate();
    expect(
      (await call('POST', `/cpa/postbacks/${postback!.id}/resend`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    const resent = await call('POST', `/cpa/postbacks/${postback!.id}/resend`, { token: a.token });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'delivered' });
    expect(resent.json().attempts).toHaveLength(7);
    expect(hits()).toBe(7);
  });

  it('refuses a redirect to a private address or to a name resolving inside', async () => {
    const a = await affiliate();
    const links = [
      await createLink(a.token, {
        name: 'redirect-ip',
        callbackUrl: `http://127.0.0.1:${receiver.port()}/redirect-private`,
      }),
    ];
    await visit(links[0]!.id, 'fp-redirect', 'r1');
    await registerUser(t.app, {}, { 'x-fp': 'fp-redirect', 'user-agent': BROWSER_UA });
    const b = await affiliate();
    const byName = await createLink(b.token, {
      name: 'redirect-name',
      callbackUrl: `http://127.0.0.1:${receiver.port()}/redirect-name`,
    });
    await visit(byName.id, 'fp-redirect-2', 'r2');
    await registerUser(t.app, {}, { 'x-fp': 'fp-redirect-2', 'user-agent': BROWSER_UA });
    await drain();
    for (const token of [a.token, b.token]) {
      const [postback] = await postbacksOf(token);
      expect(postback?.attempts[0]).toMatchObject({ ok: false, statusCode: null });
      expect(postback?.attempts[0]?.error).toMatch(/refused: .*non-public address/);
    }
  });

  describe('on a real chain', () => {
    let c: TestChain;
    let url: string;
    beforeAll(async () => {
      url = await t.app.listen({ host: '127.0.0.1', port: 0 });
      c = await attachTestChain(t);
      // The hot wallet pays REWARDs in USDT; on a fresh chain it has only BNB.
      await fundAddress(c.chain, c.chain.keys.hot.address, { usdt: 50n * USDT_UNIT, bnb: 0n });
    }, 60_000);
    afterAll(() => c?.stop());

    it('pays a partner what they earned as one REWARD, once', async () => {
      const a = await affiliate();
      const link = await createLink(a.token, { name: 'paid' });
      await visit(link.id, 'fp-paid', 'p1');
      await registerUser(t.app, {}, { 'x-fp': 'fp-paid', 'user-agent': BROWSER_UA });
      const owed = (await call('GET', '/cpa/rewards', { token: a.token })).json();
      expect(owed).toMatchObject({ unpaid: USDT_UNIT.toString(), paid: '0', items: [] });

      const pay = (amount: string, token = admin.token) =>
        call('POST', '/cpa/rewards', {
          token,
          fp: 'fp-admin',
          payload: { userId: a.user.id, amount },
        });
      expect((await pay(USDT_UNIT.toString(), a.token)).statusCode).toBe(403);
      const stale = await pay('5');
      expect(stale.statusCode).toBe(409);
      expect(stale.json().details).toEqual({ amount: USDT_UNIT.toString() });

      const address = c.chain.keys.depositAccount(a.user.id).address;
      const before = await usdtBalance(c.chain, address);
      const socket = await openSocket(url, a.token);
      const told = next(socket, 'notification', (n) => n.color === 'success', 30_000);
      const paid = await pay(USDT_UNIT.toString());
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().transaction).toMatchObject({
        type: 'REWARD',
        amount: USDT_UNIT.toString(),
      });
      const { sender } = t.app.chain.require();
      for (let i = 0; i < 20; i++) {
        await sender.track();
        const status = await t.db.execute<{ status: string }>(
          sql`select status from chain_transactions where id = ${paid.json().transaction.id}`,
        );
        if (status.rows[0]?.status === 'CONFIRMED') break;
      }
      expect((await usdtBalance(c.chain, address)) - before).toBe(USDT_UNIT);
      // Told in the affiliate programme's words, not the referral programme's.
      expect((await told).text).toBe('Affiliate payout received: 1 USDT');
      socket.disconnect();
      // Nothing is left to pay: a repeat pays nothing.
      expect((await pay(USDT_UNIT.toString())).statusCode).toBe(409);
      const rewards = (await call('GET', '/cpa/rewards', { token: a.token })).json();
      expect(rewards).toMatchObject({ unpaid: '0', paid: USDT_UNIT.toString() });
      expect(rewards.items[0].transaction.status).toBe('CONFIRMED');
      expect((await linkStats(a.token, link.id))?.paid).toBe(USDT_UNIT.toString());
    }, 60_000);

    it('owes a partner again when the payout transfer fails on chain', async () => {
      const a = await affiliate();
      const link = await createLink(a.token, { name: 'too-big' });
      // More than the hot wallet holds: the REWARD transfer reverts.
      const settings = (await call('GET', '/cpa/settings', { token: a.token })).json();
      const original = structuredClone(settings);
      settings.payouts.registration.standard = (10_000n * USDT_UNIT).toString();
      await call('PUT', '/cpa/settings', { token: admin.token, fp: 'fp-admin', payload: settings });
      await visit(link.id, 'fp-too-big', 'b1');
      await registerUser(t.app, {}, { 'x-fp': 'fp-too-big', 'user-agent': BROWSER_UA });
      await call('PUT', '/cpa/settings', { token: admin.token, fp: 'fp-admin', payload: original });
      const owed = (10_000n * USDT_UNIT).toString();
      const paid = await call('POST', '/cpa/rewards', {
        token: admin.token,
        fp: 'fp-admin',
        payload: { userId: a.user.id, amount: owed },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const { sender } = t.app.chain.require();
      let status = '';
      for (let i = 0; i < 20 && status !== 'FAIL'; i++) {
        await sender.track();
        const row = await t.db.execute<{ status: string }>(
          sql`select status from chain_transactions where id = ${paid.json().transaction.id}`,
        );
        status = row.rows[0]?.status ?? '';
      }
      expect(status).toBe('FAIL');
      const rewards = (await call('GET', '/cpa/rewards', { token: a.token })).json();
      expect(rewards).toMatchObject({ unpaid: owed, paid: '0' });
      expect(rewards.items[0].transaction.status).toBe('FAIL');
    }, 60_000);
  });
});
