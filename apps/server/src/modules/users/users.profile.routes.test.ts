import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userPublicSchema } from '@meeet/core/api/user';
import { formatPromoCode } from '@meeet/core/rules/promo-code';
import { bearer, PASSWORD, registerUser } from '../../../test/accounts.ts';
import { users } from './users.schema.ts';
import { accountsApi } from './users.test-support.ts';

// The profile, public profiles, nickname and promo code checks, and the password change.
describe('accounts API', () => {
  const { env, post, get, refused } = accountsApi();

  describe('POST /user/profile-update', () => {
    it('saves the profile, with the birthday at midnight UTC', async () => {
      const { token } = await registerUser(env.t.app);
      const response = await post(
        '/user/profile-update',
        {
          firstName: 'Ivan',
          lastName: 'Petrov',
          surName: 'Ivanovich',
          domain: 'ivan_petrov',
          gender: 0,
          bdate: '1990-05-17T00:00:00.000Z',
          phone: '+7 999 123-45-67',
          country: 'ru',
          locale: 'ru',
        },
        bearer(token),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        fullName: 'Ivan Petrov',
        domain: 'ivan_petrov',
        bdate: '1990-05-17T00:00:00.000Z',
        country: 'RU',
        locale: 'ru',
      });
    });

    it('refuses a nickname someone else holds in any letter case, with 409', async () => {
      const holder = await registerUser(env.t.app);
      await post('/user/profile-update', { domain: 'TakenName' }, bearer(holder.token));
      const { token } = await registerUser(env.t.app);
      const body = await refused(() =>
        post('/user/profile-update', { domain: 'takenNAME' }, bearer(token)),
      );
      expect(body).toMatchObject({ code: 'CONFLICT', message: 'This username is already taken' });
      // Its own holder may save it again.
      expect(
        (await post('/user/profile-update', { domain: 'takenname' }, bearer(holder.token)))
          .statusCode,
      ).toBe(200);
    });

    it('refuses bad fields and unknown ones', async () => {
      const { token } = await registerUser(env.t.app);
      const year = new Date().getUTCFullYear() - 10;
      const cases: [object, string][] = [
        [{ domain: '1abc' }, 'Invalid username'],
        [{ gender: 2 }, ''],
        [{ gender: '0' }, ''],
        [
          { bdate: `${year}-01-01T00:00:00.000Z` },
          'Participation in the project is only available to adults',
        ],
        [{ bdate: '1990-05-17T10:00:00.000Z' }, 'Invalid date'],
        [{ country: 'Russia' }, 'Choose a country'],
        [{ phone: 'call me' }, 'Invalid phone number'],
        [{ role: 'admin' }, ''],
        [{ email: 'new@example.com' }, ''],
        [{ kycStatus: 'approved' }, ''],
      ];
      for (const [payload, message] of cases) {
        const body = await refused(() => post('/user/profile-update', payload, bearer(token)));
        expect(body.code, JSON.stringify(payload)).toBe('VALIDATION_ERROR');
        if (message) expect(Object.values(body.fields ?? {})).toContain(message);
      }
      await refused(() => post('/user/profile-update', { firstName: 'X' }));
    });

    it('locks first and last name once KYC is approved, but not the rest', async () => {
      const { token, user } = await registerUser(env.t.app, {
        firstName: 'Anna',
        lastName: 'Smith',
      });
      await env.t.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, user.id));
      const body = await refused(() =>
        post('/user/profile-update', { firstName: 'Hanna' }, bearer(token)),
      );
      expect(body).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Name and surname cannot be changed after verification',
      });
      await refused(() =>
        post('/user/profile-update', { lastName: 'Jones', gender: 1 }, bearer(token)),
      );
      // Sending the same names with other changes is fine (a whole form is submitted).
      const ok = await post(
        '/user/profile-update',
        { firstName: 'Anna', lastName: 'Smith', gender: 1 },
        bearer(token),
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().gender).toBe(1);
    });
  });

  describe('GET /user/profile/{id}', () => {
    it("shows another user's public fields only", async () => {
      const owner = await registerUser(env.t.app, { firstName: 'Olga' });
      await post(
        '/user/profile-update',
        { phone: '+7 999 000-00-00', bdate: '1990-01-01T00:00:00.000Z', domain: 'olga' },
        bearer(owner.token),
      );
      const viewer = await registerUser(env.t.app);
      const response = await get(`/user/profile/${owner.user.id}`, bearer(viewer.token));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(userPublicSchema.strict().parse(body)).toMatchObject({
        id: owner.user.id,
        firstName: 'Olga',
        domain: 'olga',
        kycVerified: false,
      });
      expect(response.body).not.toContain(owner.user.email);
      expect(response.body).not.toContain('999');
      expect(body).not.toHaveProperty('bdate');
      expect(body).not.toHaveProperty('email');
      expect(body).not.toHaveProperty('phone');
    });

    it('answers 404 USER_NOT_FOUND for an unknown id and 400 for a bad one', async () => {
      const { token } = await registerUser(env.t.app);
      const missing = await get('/user/profile/99999999', bearer(token));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      expect((await get('/user/profile/abc', bearer(token))).statusCode).toBe(400);
      expect((await get('/user/profile/-1', bearer(token))).statusCode).toBe(400);
      expect((await get('/user/profile/1')).statusCode).toBe(401);
    });
  });

  describe('GET /user/domain-available/{domain}', () => {
    it('is case-insensitive, and your own nickname is available to you', async () => {
      const holder = await registerUser(env.t.app);
      await post('/user/profile-update', { domain: 'Sunny_Day' }, bearer(holder.token));
      expect((await get('/user/domain-available/sunny_day')).json()).toEqual({ available: false });
      expect((await get('/user/domain-available/SUNNY_DAY', bearer(holder.token))).json()).toEqual({
        available: true,
      });
      expect((await get('/user/domain-available/free_name42')).json()).toEqual({ available: true });
    });

    it('refuses an invalid nickname with 400', async () => {
      for (const domain of ['1abc', 'a', 'ab__cd', 'x'.repeat(31), 'x'.repeat(70)]) {
        const response = await get(`/user/domain-available/${domain}`);
        expect(response.statusCode, domain).toBe(400);
      }
    });
  });

  describe('GET /user/promocode-valid/{code}', () => {
    it('says whether a code names a user, in Latin or Cyrillic, without signing in', async () => {
      const referrer = await registerUser(env.t.app);
      const code = formatPromoCode(referrer.user.id);
      expect((await get(`/user/promocode-valid/${code}`)).json()).toEqual({ valid: true });
      const cyrillic = encodeURIComponent(code.replace('MEEET', 'МЕЕЕТ'));
      expect((await get(`/user/promocode-valid/${cyrillic}`)).json()).toEqual({ valid: true });
      // Well formed, but nobody has it; malformed: both plainly not valid, never an error.
      expect((await get(`/user/promocode-valid/MEEETFFFFFFF`)).json()).toEqual({ valid: false });
      expect((await get(`/user/promocode-valid/hello`)).json()).toEqual({ valid: false });
      expect((await get(`/user/promocode-valid/${'x'.repeat(70)}`)).statusCode).toBe(400);
    });
  });

  describe('POST /user/password', () => {
    it('changes the password with the current one and ends the other sessions', async () => {
      const first = await registerUser(env.t.app);
      const other = (
        await post('/user/login', { email: first.user.email, password: PASSWORD })
      ).json();
      const wrong = await refused(() =>
        post(
          '/user/password',
          { currentPassword: 'Nope-Nope-1', password: 'New-Strong-Pass-7' },
          bearer(first.token),
        ),
      );
      expect(wrong.fields?.currentPassword).toBe('Wrong current password');
      const response = await post(
        '/user/password',
        { currentPassword: PASSWORD, password: 'New-Strong-Pass-7' },
        bearer(first.token),
      );
      expect(response.statusCode).toBe(200);
      expect((await get('/user/me', bearer(first.token))).statusCode).toBe(200);
      expect((await get('/user/me', bearer(other.token))).statusCode).toBe(401);
      const login = await post('/user/login', {
        email: first.user.email,
        password: 'New-Strong-Pass-7',
      });
      expect(login.statusCode).toBe(200);
    });
  });
});
