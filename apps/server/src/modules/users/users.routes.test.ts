import { decodeJwt, SignJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authResponseSchema, userPrivateSchema } from '@meeet/core/api/user';
import { bearer, PASSWORD, registerUser, uniqueEmail } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { sessions, users } from './users.schema.ts';
import { accountsApi } from './users.test-support.ts';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('accounts API', () => {
  const { env, post, get, refused } = accountsApi();

  describe('POST /user/register', () => {
    it('creates the account, a session and returns the auth record', async () => {
      const email = uniqueEmail('Reg');
      const response = await post(
        '/user/register',
        {
          email: ` ${email.toUpperCase()} `,
          password: PASSWORD,
          firstName: 'Ann',
          acceptTerms: true,
        },
        { 'x-fp': 'fp-a', 'accept-language': 'ru-RU' },
      );
      expect(response.statusCode).toBe(201);
      const body = authResponseSchema.parse(response.json());
      expect(body.user).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Ann',
        role: 'user',
        locale: 'ru',
        emailVerified: false,
        kycStatus: 'draft',
        hasPassword: true,
        referralCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
        deviceLockUntil: null,
      });
      const [row] = await env.t.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const claims = decodeJwt(body.token);
      expect(claims.sub).toBe(String(body.user.id));
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(259200);
      const [session] = await env.t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, String(claims.sid)));
      expect(session).toMatchObject({ userId: body.user.id, fingerprint: 'fp-a', revokedAt: null });
    });

    it('links the referrer named by the promo code (Latin or Cyrillic prefix)', async () => {
      const referrer = await registerUser(env.t.app);
      const cyrillic = `\u041C\u0415\u0415\u0415\u0422${referrer.user.id.toString(16)}`;
      const referred = await registerUser(env.t.app, { promocode: cyrillic });
      expect(referred.user.promocode).toBe(cyrillic);
      const [row] = await env.t.db.select().from(users).where(eq(users.id, referred.user.id));
      expect(row?.referrerId).toBe(referrer.user.id);
    });

    it('refuses bad input without touching the database', async () => {
      const valid = { email: uniqueEmail(), password: PASSWORD, acceptTerms: true };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, email: undefined }, 'email', 'Field is required'],
        [{ ...valid, email: 42 }, 'email', 'Invalid e-mail'],
        [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid e-mail'],
        [{ ...valid, email: `${'a'.repeat(300)}@example.com` }, 'email', 'Invalid e-mail'],
        [{ ...valid, password: 'short' }, 'password', 'Weak password'],
        [{ ...valid, password: 'A1a'.repeat(50) }, 'password', 'Password is too long'],
        [{ ...valid, password: 'Password1' }, 'password', 'This password is too common'],
        [{ ...valid, password: 'Qwerty123' }, 'password', 'This password is too common'],
        [{ ...valid, firstName: 'x'.repeat(65) }, 'firstName', 'Maximum 64 characters'],
        [{ ...valid, acceptTerms: false }, 'acceptTerms', 'Field is required'],
        [{ ...valid, isAdmin: true }, 'body', ''],
        [{ ...valid, role: 'admin' }, 'body', ''],
        [{ ...valid, promocode: 'HELLO' }, 'promocode', 'Invalid promocode'],
        [{ ...valid, promocode: 'MEEETFFFFFF' }, 'promocode', 'Invalid promocode'],
      ];
      for (const [payload, field, message] of cases) {
        const body = await refused(() => post('/user/register', payload));
        expect(body.code, JSON.stringify(payload)).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.fields ?? {}), JSON.stringify(payload)).toContain(field);
        if (message) expect(body.fields?.[field]).toBe(message);
      }
    });

    it('accepts a 64-character passphrase', async () => {
      const password = `Correct-Horse-Battery-Staple-${'x9'.repeat(17)}z`;
      expect(password.length).toBe(64);
      await registerUser(env.t.app, { password });
    });

    it('translates length limits into Russian with the count', async () => {
      const body = await refused(() =>
        post(
          '/user/register',
          { email: uniqueEmail(), password: PASSWORD, acceptTerms: true, lastName: 'я'.repeat(70) },
          { 'x-locale': 'ru' },
        ),
      );
      expect(body.fields?.lastName).toBe('Максимальное количество символов: 64');
    });

    it('answers 409 for an address already registered, in any letter case', async () => {
      const existing = await registerUser(env.t.app);
      const body = await refused(() =>
        post('/user/register', {
          email: existing.user.email.toUpperCase(),
          password: PASSWORD,
          acceptTerms: true,
        }),
      );
      expect(body).toMatchObject({
        code: 'CONFLICT',
        message: 'An account with this e-mail already exists',
      });
    });

    it('refuses a body that is not JSON', async () => {
      await refused(() =>
        env.t.app.inject({
          method: 'POST',
          url: '/api/user/register',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      );
    });
  });

  describe('POST /user/login', () => {
    it('signs in with the right password, whatever the letter case of the e-mail', async () => {
      const { user } = await registerUser(env.t.app);
      const response = await post(
        '/user/login',
        { email: user.email.toUpperCase(), password: PASSWORD },
        { 'x-fp': 'fp-test-device' },
      );
      expect(response.statusCode).toBe(200);
      const body = authResponseSchema.parse(response.json());
      expect(body.user.id).toBe(user.id);
      expect(body.user.deviceLockUntil).toBeNull();
    });

    it('answers an unknown address exactly like a wrong password, in similar time', async () => {
      const { user } = await registerUser(env.t.app);
      const timed = async (payload: object) => {
        const started = performance.now();
        const body = await refused(() => post('/user/login', payload));
        return { body, ms: performance.now() - started };
      };
      // Three of each, interleaved, compared by their fastest: a busy machine only ever adds
      // time, and one slow sample made a single comparison fail.
      const wrong: Awaited<ReturnType<typeof timed>>[] = [];
      const unknown: Awaited<ReturnType<typeof timed>>[] = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await timed({ email: user.email, password: 'Wrong-Password-1' }));
        unknown.push(await timed({ email: uniqueEmail('ghost'), password: 'Wrong-Password-1' }));
      }
      expect(wrong[0]?.body).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Invalid login or password',
      });
      for (const answer of unknown) {
        expect({ ...answer.body, requestId: '' }).toEqual({ ...wrong[0]?.body, requestId: '' });
      }
      // Both paths spend one argon2 verification; without the dummy hash the unknown one
      // would answer in about a millisecond.
      const fastest = (samples: { ms: number }[]) => Math.min(...samples.map((s) => s.ms));
      expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) / 3);
    });

    it('refuses malformed input', async () => {
      for (const payload of [
        {},
        { email: 'a@b.co' },
        { email: 'a@b.co', password: 7 },
        { email: 'a@b.co', password: 'x'.repeat(129) },
        { email: 'a@b.co', password: 'x', extra: 1 },
      ]) {
        const body = await refused(() => post('/user/login', payload));
        expect(body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('locks an address against unknown sources after repeated failures, even with the right password', async () => {
      const { user } = await registerUser(env.t.app);
      const fromStranger = (i: number, password: string) =>
        env.t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `198.51.100.${i + 1}`,
          headers: { 'x-fp': `fp-stranger-${i}` },
          payload: { email: user.email, password },
        });
      for (let i = 0; i < 4; i++) {
        expect((await fromStranger(i, `Wrong-${i}-Pass`)).statusCode).toBe(401);
      }
      const locked = await fromStranger(9, PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('starts no device lock on a login from a new fingerprint: only another attested phone does', async () => {
      const { user } = await registerUser(env.t.app, {}, { 'x-fp': 'fp-phone' });
      for (const fp of ['fp-phone', 'fp-laptop', 'fp-cleared-storage']) {
        const login = await post(
          '/user/login',
          { email: user.email, password: PASSWORD },
          { 'x-fp': fp },
        );
        expect(login.statusCode, login.body).toBe(200);
        expect(login.json().user).toMatchObject({ deviceLockUntil: null, deviceLock: null });
      }
    });
  });

  describe('tokens and sessions', () => {
    it('GET /user/me answers the signed-in user', async () => {
      const { token, user } = await registerUser(env.t.app);
      const response = await get('/user/me', bearer(token));
      expect(response.statusCode).toBe(200);
      expect(userPrivateSchema.parse(response.json())).toEqual(user);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('records when each session was last used', async () => {
      const first = await registerUser(env.t.app);
      const second = await registerUser(env.t.app);
      const ids = [first.user.id, second.user.id];
      await env.t.db.execute(
        sql`update sessions set last_seen_at = now() - interval '1 hour' where user_id in (${sql.join(ids, sql`, `)})`,
      );
      const lastSeen = async () =>
        (
          await env.t.db
            .select({ at: sessions.lastSeenAt })
            .from(sessions)
            .where(sql`${sessions.userId} in (${sql.join(ids, sql`, `)})`)
        ).map((row) => Date.now() - row.at.getTime());
      expect((await get('/user/me', bearer(first.token))).statusCode).toBe(200);
      expect((await get('/user/me', bearer(second.token))).statusCode).toBe(200);
      await env.t.app.sessions.flushTouches();
      for (const age of await lastSeen()) expect(age).toBeLessThan(60_000);
    });

    it('refuses missing, malformed, tampered, alg:none, foreign-key and expired tokens with 401', async () => {
      const { token } = await registerUser(env.t.app);
      const other = await registerUser(env.t.app);
      const claims = decodeJwt(token);
      const [header, , signature] = token.split('.');
      const tampered = `${header}.${b64({ ...claims, sub: String(other.user.id) })}.${signature}`;
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
      const secret = new TextEncoder().encode(JWT_SECRET);
      const expired = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 259300)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
        .sign(secret);
      const hs512 = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(JWT_SECRET.repeat(2)));
      const foreign = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-too'));
      // The same session id with another user's id must not borrow the session.
      const wrongSubject = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(other.user.id))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
      const headers: Record<string, string>[] = [
        {},
        { authorization: 'Bearer' },
        { authorization: `Basic ${token}` },
        { authorization: 'Bearer not.a.jwt' },
        { authorization: `Bearer ${tampered}` },
        { authorization: `Bearer ${none}` },
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${hs512}` },
        { authorization: `Bearer ${foreign}` },
        { authorization: `Bearer ${wrongSubject}` },
      ];
      for (const h of headers) {
        const response = await get('/user/me', h);
        expect(response.statusCode, JSON.stringify(h).slice(0, 80)).toBe(401);
        expect(response.json()).toMatchObject({ code: 'TOKEN_INVALID' });
      }
      // A token in the URL is not a way in.
      expect((await get(`/user/me?token=${token}`)).statusCode).toBe(401);
    });

    it('POST /user/logout revokes only the current session', async () => {
      const first = await registerUser(env.t.app);
      const second = await post('/user/login', { email: first.user.email, password: PASSWORD });
      const secondToken = second.json().token as string;
      const response = await post('/user/logout', undefined, bearer(first.token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await get('/user/me', bearer(first.token))).statusCode).toBe(401);
      expect((await post('/user/logout', undefined, bearer(first.token))).statusCode).toBe(401);
      expect((await get('/user/me', bearer(secondToken))).statusCode).toBe(200);
    });

    it('role hooks: 401 without a token, 403 for a user, 200 for an admin', async () => {
      const { token, user } = await registerUser(env.t.app);
      expect((await get('/test/admin-only')).statusCode).toBe(401);
      const forbidden = await get('/test/admin-only', bearer(token));
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
      await env.t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      // Roles are read with the session on every call: no new token is needed.
      expect((await get('/test/admin-only', bearer(token))).statusCode).toBe(200);
    });
  });

  it('lists every /user call in the OpenAPI document', async () => {
    const doc = (await get('/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/user/login',
      '/api/user/logout',
      '/api/user/me',
      '/api/user/register',
      '/api/user/profile-update',
      '/api/user/profile/{id}',
      '/api/user/domain-available/{domain}',
      '/api/user/recovery-password/send-code',
      '/api/user/recovery-password/check-code',
      '/api/user/email/verify/send-code',
      '/api/user/email/verify/check/{code}',
      '/api/user/email/feedback/',
      '/api/user/apple',
      '/api/user/apple/callback',
      '/api/user/apple/apple-success-registration',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('sheds password hashing beyond the queue with 503 instead of queueing forever', async () => {
    const small = await createTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' });
    try {
      const attempts = await Promise.all(
        Array.from({ length: 8 }, () =>
          small.app.inject({
            method: 'POST',
            url: '/api/user/login',
            payload: { email: uniqueEmail(), password: 'Whatever-1' },
          }),
        ),
      );
      const statuses = attempts.map((r) => r.statusCode);
      expect(statuses).toContain(503);
      expect(statuses).toContain(401);
      const shed = attempts.find((r) => r.statusCode === 503);
      expect(shed?.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(shed?.headers['retry-after']).toBeDefined();
      const [{ count } = { count: 0 }] = (
        await small.db.execute<{ count: number }>(sql`select count(*)::int as count from sessions`)
      ).rows;
      expect(count).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('limits login attempts per IP', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: uniqueEmail(), password: 'Whatever-1' },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
