import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { bearer, registerUser, snapshot } from '../../test/accounts.ts';
import { makeRole } from '../modules/media/media.test-support.ts';

const NUL = '\u0000';

describe('a NUL byte in any text field', () => {
  let t: TestApp;
  let moderatorToken: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_IP: '1000' });
    const moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    moderatorToken = moderator.token;
  });
  afterAll(() => t.close());

  const cases = [
    {
      name: 'login e-mail',
      request: () => ({
        method: 'POST' as const,
        url: '/api/user/login',
        payload: { email: `a${NUL}@example.com`, password: 'x' },
      }),
      field: 'email',
    },
    {
      name: 'register first name',
      request: () => ({
        method: 'POST' as const,
        url: '/api/user/register',
        payload: {
          email: 'nul.register@example.com',
          password: 'Meeet-Tiger-42',
          firstName: `Ann${NUL}`,
          acceptTerms: true,
        },
      }),
      field: 'firstName',
    },
    {
      name: 'feedback name',
      request: () => ({
        method: 'POST' as const,
        url: '/api/user/email/feedback/',
        payload: { name: `N${NUL}`, email: 'a@example.com', message: 'Hello there, a message.' },
      }),
      field: 'name',
    },
    {
      name: "moderation list's lastName",
      request: () => ({
        method: 'GET' as const,
        url: `/api/kyc/moderate/list?lastName=${encodeURIComponent(`Smi${NUL}th`)}`,
        headers: bearer(moderatorToken),
      }),
      field: 'lastName',
    },
  ];

  for (const { name, request, field } of cases) {
    it(`is a field error, not a server error: ${name}`, async () => {
      const before = await snapshot(t.db);
      const response = await t.app.inject(request());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        fields: { [field]: 'The text contains a character that is not allowed' },
      });
      expect(await snapshot(t.db)).toEqual(before);
    });
  }

  it('is told in Russian to a Russian caller', async () => {
    const response = await t.app.inject({
      ...cases[0]!.request(),
      headers: { 'accept-language': 'ru' },
    });
    expect(response.json().fields.email).toBe('Текст содержит недопустимый символ');
  });
});
