import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  devMailboxCode,
  PASSWORD,
  registerUser,
  snapshot,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../users/users.schema.ts';
import { oneTimeCodes } from './codes.schema.ts';

/** A six-digit code that is not `code`. */
function wrong(code: string, n = 1): string {
  return String((Number(code) + n) % 1_000_000).padStart(6, '0');
}

describe('codes by mail (dev mailbox)', () => {
  let t: TestApp;
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  async function refusedWithoutChange<R extends { statusCode: number; json: () => unknown }>(
    call: () => Promise<R>,
    except: 'codes' | null = null,
  ) {
    const before = await snapshot(t.db);
    const response = await call();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const after = await snapshot(t.db);
    if (except === 'codes') {
      expect({ ...after, codes: [] }).toEqual({ ...before, codes: [] });
    } else {
      expect(after).toEqual(before);
    }
    return response;
  }

  /** Lets the next code be issued at once, as if the minute had passed. */
  async function ageCodes(email: string) {
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: sql`${oneTimeCodes.createdAt} - interval '2 minutes'` })
      .where(eq(oneTimeCodes.email, email));
  }

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  describe('password recovery', () => {
    it('mails a code, sets the new password with it and ends every session', async () => {
      const { user, token } = await registerUser(t.app);
      const sent = await post('/user/recovery-password/send-code', {
        email: user.email.toUpperCase(),
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: true, retryAfterSeconds: 60 });
      const [stored] = await t.db
        .select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.email, user.email));
      const code = await devMailboxCode(t.db, user.email);
      expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored?.codeHash).not.toContain(code);

      const checked = await post('/user/recovery-password/check-code', {
        email: user.email,
        code,
        password: 'Brand-New-Secret-9',
      });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ ok: true });
      expect((await get('/user/me', bearer(token))).statusCode).toBe(401);
      const old = await post('/user/login', { email: user.email, password: PASSWORD });
      expect(old.statusCode).toBe(401);
      const fresh = await post('/user/login', {
        email: user.email,
        password: 'Brand-New-Secret-9',
      });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().user.emailVerified).toBe(true);

      // A used code cannot be used again.
      const again = await refusedWithoutChange(() =>
        post('/user/recovery-password/check-code', {
          email: user.email,
          code,
          password: 'Another-Secret-55',
        }),
      );
      expect(again.json()).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid code' });
    });

    it('answers 404 USER_NOT_FOUND for an unknown address (spec §8)', async () => {
      const response = await refusedWithoutChange(() =>
        post('/user/recovery-password/send-code', { email: uniqueEmail('nobody') }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'USER_NOT_FOUND',
        message: 'User with this email does not exist',
      });
    });

    it('allows one code per minute per address, with Retry-After', async () => {
      const { user } = await registerUser(t.app);
      expect(
        (await post('/user/recovery-password/send-code', { email: user.email })).statusCode,
      ).toBe(200);
      const second = await refusedWithoutChange(() =>
        post('/user/recovery-password/send-code', { email: user.email }),
      );
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
      await ageCodes(user.email);
      expect(
        (await post('/user/recovery-password/send-code', { email: user.email })).statusCode,
      ).toBe(200);
    });

    it('kills the code after five wrong tries', async () => {
      const { user } = await registerUser(t.app);
      await post('/user/recovery-password/send-code', { email: user.email });
      const code = await devMailboxCode(t.db, user.email);
      for (let i = 1; i <= 5; i++) {
        const response = await refusedWithoutChange(
          () =>
            post('/user/recovery-password/check-code', {
              email: user.email,
              code: wrong(code, i),
              password: 'Brand-New-Secret-9',
            }),
          'codes',
        );
        expect(response.json()).toMatchObject({ code: 'INVALID_CODE' });
      }
      const [row] = await t.db
        .select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.email, user.email));
      expect(row?.failedAttempts).toBe(5);
      const dead = await refusedWithoutChange(() =>
        post('/user/recovery-password/check-code', {
          email: user.email,
          code,
          password: 'Brand-New-Secret-9',
        }),
      );
      expect(dead.json()).toMatchObject({ code: 'INVALID_CODE' });
      expect(
        (await post('/user/login', { email: user.email, password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('refuses an expired code', async () => {
      const { user } = await registerUser(t.app);
      await post('/user/recovery-password/send-code', { email: user.email });
      const code = await devMailboxCode(t.db, user.email);
      await t.db
        .update(oneTimeCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeCodes.email, user.email));
      const response = await refusedWithoutChange(() =>
        post('/user/recovery-password/check-code', {
          email: user.email,
          code,
          password: 'Brand-New-Secret-9',
        }),
      );
      expect(response.json()).toMatchObject({ code: 'INVALID_CODE' });
    });

    it('only the newest code works once another was sent', async () => {
      const { user } = await registerUser(t.app);
      await post('/user/recovery-password/send-code', { email: user.email });
      const first = await devMailboxCode(t.db, user.email);
      await ageCodes(user.email);
      await post('/user/recovery-password/send-code', { email: user.email });
      const second = await devMailboxCode(t.db, user.email);
      if (first !== second) {
        const stale = await post('/user/recovery-password/check-code', {
          email: user.email,
          code: first,
          password: 'Brand-New-Secret-9',
        });
        expect(stale.statusCode).toBe(400);
      }
      const ok = await post('/user/recovery-password/check-code', {
        email: user.email,
        code: second,
        password: 'Brand-New-Secret-9',
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses malformed input and weak or common passwords without using the code', async () => {
      const { user } = await registerUser(t.app);
      await post('/user/recovery-password/send-code', { email: user.email });
      const code = await devMailboxCode(t.db, user.email);
      const cases: object[] = [
        {},
        { email: user.email },
        { email: user.email, code },
        { email: user.email, code: '12345', password: 'Brand-New-Secret-9' },
        { email: user.email, code: 123456, password: 'Brand-New-Secret-9' },
        { email: user.email, code, password: 'weak' },
        { email: user.email, code, password: 'Password1' },
        { email: user.email, code, password: 'Brand-New-Secret-9', extra: true },
        { email: 'bad', code, password: 'Brand-New-Secret-9' },
      ];
      for (const payload of cases) {
        const response = await refusedWithoutChange(() =>
          post('/user/recovery-password/check-code', payload),
        );
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const payload of [{}, { email: 'nope' }, { email: user.email, x: 1 }]) {
        await refusedWithoutChange(() => post('/user/recovery-password/send-code', payload));
      }
      const ok = await post('/user/recovery-password/check-code', {
        email: user.email,
        code,
        password: 'Brand-New-Secret-9',
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('e-mail confirmation', () => {
    it('mails a code to the signed-in user and confirms the address with it', async () => {
      const { user, token } = await registerUser(t.app);
      expect(
        (await post('/user/email/verify/send-code', undefined, bearer(token))).statusCode,
      ).toBe(200);
      const code = await devMailboxCode(t.db, user.email);
      const response = await post(`/user/email/verify/check/${code}`, undefined, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, emailVerified: true });
      const again = await refusedWithoutChange(() =>
        post(`/user/email/verify/check/${code}`, undefined, bearer(token)),
      );
      expect(again.json()).toMatchObject({ code: 'INVALID_CODE' });
      const resend = await refusedWithoutChange(() =>
        post('/user/email/verify/send-code', undefined, bearer(token)),
      );
      expect(resend.statusCode).toBe(409);
    });

    it('needs a token, and refuses wrong codes until the code dies', async () => {
      const { user, token } = await registerUser(t.app);
      await refusedWithoutChange(() => post('/user/email/verify/send-code'));
      await post('/user/email/verify/send-code', undefined, bearer(token));
      const code = await devMailboxCode(t.db, user.email);
      await refusedWithoutChange(() => post(`/user/email/verify/check/${code}`));
      for (const bad of ['abc', '12345', '1234567', 'x'.repeat(17)]) {
        const response = await refusedWithoutChange(() =>
          post(`/user/email/verify/check/${bad}`, undefined, bearer(token)),
        );
        expect(response.statusCode, bad).toBe(400);
      }
      for (let i = 1; i <= 5; i++) {
        await refusedWithoutChange(
          () => post(`/user/email/verify/check/${wrong(code, i)}`, undefined, bearer(token)),
          'codes',
        );
      }
      const dead = await refusedWithoutChange(() =>
        post(`/user/email/verify/check/${code}`, undefined, bearer(token)),
      );
      expect(dead.json()).toMatchObject({ code: 'INVALID_CODE' });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.emailVerified).toBe(false);
    });

    it('a recovery code does not confirm the e-mail and vice versa', async () => {
      const { user, token } = await registerUser(t.app);
      await post('/user/recovery-password/send-code', { email: user.email });
      const recovery = await devMailboxCode(t.db, user.email);
      const response = await post(`/user/email/verify/check/${recovery}`, undefined, bearer(token));
      expect(response.statusCode).toBe(400);
    });
  });
});
