import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT_UNIT } from '@meeet/core/constants';
import { registerUser } from '../../../test/accounts.ts';
import { attachTestChain, usdtBalance, type TestChain } from '../../../test/chain.ts';
import { fundAddress } from '../wallet/wallet.service.ts';
import { POSTBACK_RETRY_DELAYS_MS } from './cpa.service.ts';
import { next, openSocket } from '../meet/meet.test-support.ts';
import { BROWSER_UA, cpaProgramme, DAY, MINUTE, type Received } from './cpa.test-support.ts';

// Signed postbacks to a local receiver, their retries, and payouts on a real chain.
describe('affiliate (CPA) programme: postbacks and payouts', () => {
  const {
    env,
    receiver,
    call,
    visit,
    affiliate,
    createLink,
    linkStats,
    conversionsOf,
    postbacksOf,
    drain,
  } = cpaProgramme();

  // The programme's clock runs ahead of the real one (as it did after the links' and hits'
  // 90 played days): a postback queued at the real time is due when the queue is drained.
  beforeAll(() => {
    env.clock += 90 * DAY;
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
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-signed', 'user-agent': BROWSER_UA });
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
      t: String(Math.floor(env.clock / 1000)),
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
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-flaky', 'user-agent': BROWSER_UA });
    await drain();
    expect(hits()).toBe(1);
    let [postback] = await postbacksOf(a.token);
    const first = Date.parse(postback!.attempts[0]!.at);
    expect(postback).toMatchObject({ status: 'pending' });
    expect(Date.parse(postback!.nextAttemptAt!)).toBe(first + MINUTE);

    let at = first;
    for (const [index, delay] of POSTBACK_RETRY_DELAYS_MS.entries()) {
      // A second before it is due nothing happens; when due, exactly one more attempt.
      env.clock = at + delay - 1000;
      await drain();
      expect(hits()).toBe(index + 1);
      env.clock = at + delay;
      await drain();
      expect(hits()).toBe(index + 2);
      at = env.clock;
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
    env.clock += 7 * DAY;
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
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-redirect', 'user-agent': BROWSER_UA });
    const b = await affiliate();
    const byName = await createLink(b.token, {
      name: 'redirect-name',
      callbackUrl: `http://127.0.0.1:${receiver.port()}/redirect-name`,
    });
    await visit(byName.id, 'fp-redirect-2', 'r2');
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-redirect-2', 'user-agent': BROWSER_UA });
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
      url = await env.t.app.listen({ host: '127.0.0.1', port: 0 });
      c = await attachTestChain(env.t);
      // The hot wallet pays REWARDs in USDT; on a fresh chain it has only BNB.
      await fundAddress(c.chain, c.chain.keys.hot.address, { usdt: 50n * USDT_UNIT, bnb: 0n });
    }, 60_000);
    afterAll(() => c?.stop());

    it('pays a partner what they earned as one REWARD, once', async () => {
      const a = await affiliate();
      const link = await createLink(a.token, { name: 'paid' });
      await visit(link.id, 'fp-paid', 'p1');
      await registerUser(env.t.app, {}, { 'x-fp': 'fp-paid', 'user-agent': BROWSER_UA });
      const owed = (await call('GET', '/cpa/rewards', { token: a.token })).json();
      expect(owed).toMatchObject({ unpaid: USDT_UNIT.toString(), paid: '0', items: [] });

      const pay = (amount: string, token = env.admin.token) =>
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
      const { sender } = env.t.app.chain.require();
      for (let i = 0; i < 20; i++) {
        await sender.track();
        const status = await env.t.db.execute<{ status: string }>(
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
      await call('PUT', '/cpa/settings', {
        token: env.admin.token,
        fp: 'fp-admin',
        payload: settings,
      });
      await visit(link.id, 'fp-too-big', 'b1');
      await registerUser(env.t.app, {}, { 'x-fp': 'fp-too-big', 'user-agent': BROWSER_UA });
      await call('PUT', '/cpa/settings', {
        token: env.admin.token,
        fp: 'fp-admin',
        payload: original,
      });
      const owed = (10_000n * USDT_UNIT).toString();
      const paid = await call('POST', '/cpa/rewards', {
        token: env.admin.token,
        fp: 'fp-admin',
        payload: { userId: a.user.id, amount: owed },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const { sender } = env.t.app.chain.require();
      let status = '';
      for (let i = 0; i < 20 && status !== 'FAIL'; i++) {
        await sender.track();
        const row = await env.t.db.execute<{ status: string }>(
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
