import { describe, expect, it } from 'vitest';
import { USDT_UNIT } from '@meeet/core/constants';
import { registerUser } from '../../../test/accounts.ts';
import { txOf } from '../../plugins/db.ts';
import { BROWSER_UA, cpaProgramme, DAY, MINUTE } from './cpa.test-support.ts';

// Links, hits, attribution and conversions (see cpa.test-support.ts for the helpers).
describe('affiliate (CPA) programme', () => {
  const { env, receiver, call, visit, affiliate, createLink, linkStats, conversionsOf } =
    cpaProgramme();

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
      token: env.admin.token,
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
    env.clock += 10 * MINUTE;
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
    env.clock += 29 * DAY;
    await visit(link.id, 'fp-visitor-1');
    expect((await linkStats(a.token, link.id))?.hits).toBe(2);
    env.clock += 1 * DAY + MINUTE;
    await visit(link.id, 'fp-visitor-1');
    expect((await linkStats(a.token, link.id))?.hits).toBe(3);

    const partners = await call('GET', '/cpa/partners', {
      token: env.admin.token,
      fp: 'fp-admin',
    });
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
    env.clock += 30 * DAY + MINUTE;
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-late', 'user-agent': BROWSER_UA });
    expect((await linkStats(a.token, first.id))?.regs).toBe(0);

    // Within the window, and the later click wins.
    await visit(first.id, 'fp-in-time', 'click-1');
    env.clock += 5 * DAY;
    await visit(second.id, 'fp-in-time', 'click-2');
    env.clock += 24 * DAY;
    const user = await registerUser(
      env.t.app,
      {},
      { 'x-fp': 'fp-in-time', 'user-agent': BROWSER_UA },
    );
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
    await registerUser(env.t.app, {}, { 'x-fp': 'fp-in-time', 'user-agent': BROWSER_UA });
    const after = await conversionsOf(a.token);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ flagged: true, payout: '0' });
    const partners = (
      await call('GET', '/cpa/partners', { token: env.admin.token, fp: 'fp-admin' })
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
    const user = await registerUser(
      env.t.app,
      {},
      { 'x-fp': 'fp-actions', 'user-agent': BROWSER_UA },
    );
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
      token: env.admin.token,
      fp: 'fp-admin',
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await env.t.app.cpa.recordConversion(user.user.id, 'first_meet')).toBe(true);
    expect(await env.t.app.cpa.recordConversion(user.user.id, 'first_meet')).toBe(false);
    // Purchases: revenue each time, one conversion.
    for (const transactionId of [900_001, 900_002]) {
      await env.t.db.transaction((tx) =>
        env.t.app.marketEvents.purchaseCompleted(txOf(tx), {
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
    const plain = await registerUser(env.t.app, {}, { 'x-fp': 'fp-nobody' });
    expect(await env.t.app.cpa.recordConversion(plain.user.id, 'first_meet')).toBe(false);
  });
});
