import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authResponseSchema } from '@meeet/core/api/user';
import { formatPromoCode } from '@meeet/core/rules/promo-code';
import { bearer, registerUser, snapshot, uniqueEmail } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { devMailbox } from '../mail/mail.schema.ts';
import { withdrawalHolds } from '../wallet/custody.schema.ts';
import { users } from './users.schema.ts';

const CLIENT_ID = 'app.meeet.web.test';

describe('Sign in with Apple', () => {
  let t: TestApp;
  let keysServer: Server;
  let appleKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    ({ privateKey: strangerKey } = await generateKeyPair('RS256'));
    const pair = await generateKeyPair('RS256', { extractable: true });
    appleKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    keysServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => keysServer.listen(0, '127.0.0.1', resolve));
    const address = keysServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      APPLE_CLIENT_ID: CLIENT_ID,
      APPLE_KEYS_URL: `http://127.0.0.1:${port}/auth/keys`,
      APPLE_AUTH_URL: 'https://appleid.apple.com/auth/authorize',
      PUBLIC_URL: 'https://meeet.test',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => keysServer.close(resolve));
  });

  /** Follows GET /user/apple and returns the state and nonce Apple would echo. */
  async function startFlow() {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/apple' });
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers.location));
    return {
      url,
      state: url.searchParams.get('state') ?? '',
      nonce: url.searchParams.get('nonce') ?? '',
    };
  }

  function identityToken(
    claims: Record<string, unknown>,
    options: {
      key?: CryptoKey;
      audience?: string;
      issuer?: string;
      expiresIn?: string | number;
    } = {},
  ) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://appleid.apple.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key ?? appleKey);
  }

  async function callback(form: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith('/apple-login#')).toBe(true);
    return new URLSearchParams(location.slice('/apple-login#'.length));
  }

  it("redirects to Apple's authorize page with form_post, scope, a signed state and a nonce", async () => {
    const { url, state, nonce } = await startFlow();
    expect(url.origin + url.pathname).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_mode: 'form_post',
      response_type: 'code id_token',
      scope: 'name email',
      client_id: CLIENT_ID,
      redirect_uri: 'https://meeet.test/api/user/apple/callback',
    });
    expect(state.split('.')).toHaveLength(3);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
  });

  it('new user: ticket → registration → token; afterwards the same Apple ID signs straight in', async () => {
    const sub = `001234.${Date.now()}`;
    const email = uniqueEmail('apple');
    const { state, nonce } = await startFlow();
    const id_token = await identityToken({ sub, email, email_verified: 'true', nonce });
    const outcome = await callback({
      state,
      code: 'c0de',
      id_token,
      user: JSON.stringify({ name: { firstName: 'Tim', lastName: 'Cook' }, email }),
    });
    const ticket = outcome.get('ticket') ?? '';
    expect(outcome.get('token')).toBeNull();
    expect(ticket).not.toBe('');

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      headers: { 'x-fp': 'fp-mac' },
      payload: { ticket, acceptTerms: true },
    });
    expect(registered.statusCode).toBe(201);
    const body = authResponseSchema.parse(registered.json());
    expect(body.user).toMatchObject({
      email,
      firstName: 'Tim',
      lastName: 'Cook',
      emailVerified: true,
      hasPassword: false,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(body.token) }))
        .statusCode,
    ).toBe(200);

    // The ticket is good for one account only.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      payload: { ticket, acceptTerms: true },
    });
    expect(reused.statusCode).toBe(409);

    const next = await startFlow();
    const again = await callback({
      state: next.state,
      id_token: await identityToken({ sub, nonce: next.nonce }),
    });
    const token = again.get('token') ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(token, 'fp-mac'),
    });
    expect(me.json()).toMatchObject({ id: body.user.id, deviceLockUntil: null });
  });

  it('a registration with a promo code joins the referrer’s tree, like an e-mail one', async () => {
    const referrer = await registerUser(t.app);
    const email = uniqueEmail('apple-ref');
    const { state, nonce } = await startFlow();
    const outcome = await callback({
      state,
      id_token: await identityToken({ sub: `001234.ref.${Date.now()}`, email, nonce }),
    });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      headers: { 'x-fp': 'fp-apple-ref' },
      payload: {
        ticket: outcome.get('ticket') ?? '',
        acceptTerms: true,
        promocode: formatPromoCode(referrer.user.id),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/referral/list',
      headers: bearer(referrer.token),
    });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ userId: registered.json().user.id, depth: 1 }],
    });
  });

  it('a registration after an affiliate link converts for the affiliate, like an e-mail one', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
    const affiliate = await registerUser(t.app, {}, { 'x-fp': 'fp-apple-affiliate' });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/cpa/links',
      headers: bearer(affiliate.token, 'fp-apple-affiliate'),
      payload: { name: 'Apple visitors' },
    });
    expect(link.statusCode, link.body).toBe(201);
    // The visitor lands through the link; the web app sends the stored attribution.
    const landing = await t.app.inject({
      method: 'GET',
      url: '/api/cpa/landings',
      headers: {
        'x-fp': 'fp-apple-visitor',
        'x-cpa-link-id': link.json().id,
        'user-agent': browser,
      },
    });
    expect(landing.statusCode, landing.body).toBe(200);

    const { state, nonce } = await startFlow();
    const outcome = await callback({
      state,
      id_token: await identityToken({
        sub: `001234.cpa.${Date.now()}`,
        email: uniqueEmail('apple-cpa'),
        nonce,
      }),
    });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/apple-success-registration',
      headers: { 'x-fp': 'fp-apple-visitor', 'user-agent': browser },
      payload: { ticket: outcome.get('ticket') ?? '', acceptTerms: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const conversions = await t.app.inject({
      method: 'GET',
      url: '/api/cpa/conversions',
      headers: bearer(affiliate.token, 'fp-apple-affiliate'),
    });
    expect(conversions.json().items).toEqual([
      expect.objectContaining({ action: 'registration', linkId: link.json().id, flagged: false }),
    ]);
  });

  it('links a verified Apple e-mail to the existing account and signs in', async () => {
    const { user } = await registerUser(t.app);
    const { state, nonce } = await startFlow();
    const sub = `002345.${Date.now()}`;
    const outcome = await callback({
      state,
      id_token: await identityToken({
        sub,
        email: user.email.toUpperCase(),
        email_verified: true,
        nonce,
      }),
    });
    const token = outcome.get('token') ?? '';
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ id: user.id, emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.appleSub).toBe(sub);
  });

  it('an Apple sign-in from a device the account never used pauses withdrawals, as a password one does', async () => {
    const { user } = await registerUser(t.app);
    const { state, nonce } = await startFlow();
    const claims = { sub: `003456.${Date.now()}`, email: user.email, email_verified: true, nonce };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/apple/callback',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-fp': 'fp-a-strangers-laptop',
      },
      payload: new URLSearchParams({ state, id_token: await identityToken(claims) }).toString(),
    });
    expect(String(response.headers.location)).toMatch(/^\/apple-login#token=/);
    const holds = await t.db
      .select({ reason: withdrawalHolds.reason })
      .from(withdrawalHolds)
      .where(eq(withdrawalHolds.userId, user.id));
    expect(holds).toEqual([{ reason: 'new-device' }]);
    // And the owner is mailed about the new device, as after a password sign-in (waited for:
    // the mail is queued after the sign-in's answer).
    await vi.waitFor(async () => {
      const mails = await t.db.select().from(devMailbox).where(eq(devMailbox.to, user.email));
      expect(mails.map((mail) => mail.subject)).toContain('MEEET: sign-in from a new device');
    });
  });

  it('refuses a bad signature, wrong audience or issuer, expiry, a wrong nonce or state', async () => {
    const email = uniqueEmail('evil');
    const claims = (nonce: string) => ({ sub: 'evil-sub', email, email_verified: true, nonce });
    const cases: [
      string,
      (s: { state: string; nonce: string }) => Promise<Record<string, string>>,
    ][] = [
      [
        'signature',
        async (s) => ({
          state: s.state,
          id_token: await identityToken(claims(s.nonce), { key: strangerKey }),
        }),
      ],
      [
        'audience',
        async (s) => ({
          state: s.state,
          id_token: await identityToken(claims(s.nonce), { audience: 'other.app' }),
        }),
      ],
      [
        'issuer',
        async (s) => ({
          state: s.state,
          id_token: await identityToken(claims(s.nonce), { issuer: 'https://evil.example' }),
        }),
      ],
      [
        'expired',
        async (s) => ({
          state: s.state,
          id_token: await identityToken(claims(s.nonce), {
            expiresIn: Math.floor(Date.now() / 1000) - 60,
          }),
        }),
      ],
      [
        'nonce',
        async (s) => ({ state: s.state, id_token: await identityToken(claims('other-nonce')) }),
      ],
      [
        'state',
        async (s) => ({ state: `${s.state}x`, id_token: await identityToken(claims(s.nonce)) }),
      ],
      [
        'alg none',
        async (s) => ({
          state: s.state,
          id_token: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims(s.nonce), iss: 'https://appleid.apple.com', aud: CLIENT_ID, exp: 9999999999 })).toString('base64url')}.`,
        }),
      ],
      ['missing token', async (s) => ({ state: s.state })],
    ];
    for (const [name, build] of cases) {
      const before = await snapshot(t.db);
      const outcome = await callback(await build(await startFlow()));
      expect(outcome.get('error'), name).toBe('TOKEN_INVALID');
      expect(outcome.get('token'), name).toBeNull();
      expect(outcome.get('ticket'), name).toBeNull();
      expect(await snapshot(t.db), name).toEqual(before);
    }
    const cancelled = await callback({ error: 'user_cancelled_authorize' });
    expect(cancelled.get('error')).toBe('cancelled');
  });

  it('refuses a forged or malformed registration ticket', async () => {
    const forged = await new SignJWT({ sub: 'x', email: uniqueEmail(), purpose: 'apple-ticket' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256'));
    for (const payload of [
      { ticket: forged, acceptTerms: true },
      { ticket: 'garbage', acceptTerms: true },
      { ticket: '', acceptTerms: true },
      { acceptTerms: true },
      { ticket: forged },
      { ticket: forged, acceptTerms: true, role: 'admin' },
    ]) {
      const before = await snapshot(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/apple/apple-success-registration',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(await snapshot(t.db)).toEqual(before);
    }
  });

  it('while Sign in with Apple is not configured: says so, and sends a browser to the explaining page', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'https://meeet.example' });
    try {
      const status = await plain.app.inject({ method: 'GET', url: '/api/user/apple/status' });
      expect(status.json()).toEqual({ enabled: false });
      const response = await plain.app.inject({ method: 'GET', url: '/api/user/apple' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://meeet.example/apple-login#error=unavailable');
    } finally {
      await plain.close();
    }
  });

  it('reports itself enabled once configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/apple/status' });
    expect(response.json()).toEqual({ enabled: true });
  });
});
