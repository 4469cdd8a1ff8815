import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PASSWORD, registerUser, snapshot, uniqueEmail } from '../../../test/accounts.ts';

const profile = {
  firstName: 'Anna',
  lastName: 'Petrova',
  surName: 'Sergeevna',
  domain: 'anna_p',
  gender: 1,
  bdate: '1990-04-12T00:00:00.000Z',
  phone: '+7 900 123-45-67',
  country: 'ru',
};

describe('POST /user/register with the profile data (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-fp': 'fp-register-profile' },
      payload: { email: uniqueEmail(), password: PASSWORD, acceptTerms: true, ...body },
    });

  it('registers in one call with every profile field', async () => {
    const response = await register({ ...profile });
    expect(response.statusCode).toBe(201);
    // Every field as sent, the country code upper-cased.
    expect(response.json().user).toMatchObject({ ...profile, country: 'RU' });
  });

  it('refuses a taken nickname with the field error of profile update, creating nothing', async () => {
    await registerUser(t.app, { domain: 'taken_nick' });
    const before = await snapshot(t.db);
    const response = await register({ domain: 'Taken_Nick' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { domain: 'This username is already taken' },
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('checks each field by the rules of profile update', async () => {
    const before = await snapshot(t.db);
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 10);
    minor.setUTCHours(0, 0, 0, 0);
    const response = await register({
      bdate: minor.toISOString(),
      domain: '1bad',
      phone: 'call me',
      gender: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      bdate: 'Participation in the project is only available to adults',
      domain: 'Invalid username',
      phone: expect.any(String),
      gender: expect.any(String),
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('still registers in two calls: e-mail and password first', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ firstName: null, domain: null });
  });
});
