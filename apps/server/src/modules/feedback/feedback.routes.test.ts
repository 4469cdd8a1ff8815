import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, snapshot } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('POST /user/email/feedback/', () => {
  let t: TestApp;
  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/email/feedback/',
      payload: payload as object,
      headers,
    });
  const valid = {
    name: 'Ann',
    email: 'ann@example.com',
    message: 'The map does not load on my phone.',
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', SUPPORT_EMAIL: 'help@meeet.test' });
  });
  afterAll(() => t.close());

  it('stores an anonymous message and mails it to support', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const { feedback, mails } = await snapshot(t.db);
    expect(feedback.at(-1)).toMatchObject({ ...valid, userId: null, locale: 'en' });
    expect(mails.at(-1)).toMatchObject({ to: 'help@meeet.test', replyTo: valid.email });
    expect(mails.at(-1)?.text).toContain(valid.message);
  });

  it('records the sender when signed in, and ignores a stale token', async () => {
    const { token, user } = await registerUser(t.app);
    await send(valid, bearer(token));
    expect((await snapshot(t.db)).feedback.at(-1)?.userId).toBe(user.id);
    const stale = await send(valid, { authorization: 'Bearer stale.token.here' });
    expect(stale.statusCode).toBe(200);
    expect((await snapshot(t.db)).feedback.at(-1)?.userId).toBeNull();
  });

  it('refuses bad input without storing anything', async () => {
    const cases: [object, string, string][] = [
      [{ ...valid, name: '' }, 'name', 'Field is required'],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Maximum 100 characters'],
      [{ ...valid, email: 'nope' }, 'email', 'Invalid e-mail'],
      [{ ...valid, message: 'short' }, 'message', 'Minimum 10 characters'],
      [{ ...valid, message: 'x'.repeat(2001) }, 'message', 'Maximum 2000 characters'],
      [{ ...valid, message: 12345678901 }, 'message', ''],
      [{ ...valid, userId: 1 }, 'body', ''],
    ];
    for (const [payload, field, message] of cases) {
      const before = await snapshot(t.db);
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      const body = response.json();
      expect(Object.keys(body.fields ?? {})).toContain(field);
      if (message) expect(body.fields[field]).toBe(message);
      expect(await snapshot(t.db)).toEqual(before);
    }
  });
});
