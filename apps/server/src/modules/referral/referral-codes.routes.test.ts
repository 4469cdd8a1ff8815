import * as crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPromoCode, REFERRAL_CODE_ALPHABET } from '@meeet/core/rules/promo-code';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../users/users.schema.ts';
import { referralLinks } from './referral.schema.ts';

// The random bytes a code is drawn from, so a test can hand out a code that is taken.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, randomBytes: vi.fn(original.randomBytes) };
});

/** The 5 bytes `makeReferralCode` spells as `code`. */
function bytesOf(code: string): Buffer {
  let bits = 0n;
  for (const char of code) bits = (bits << 5n) | BigInt(REFERRAL_CODE_ALPHABET.indexOf(char));
  return Buffer.from(bits.toString(16).padStart(10, '0'), 'hex');
}

const TRACK_LIMIT = 10;

describe('random referral codes (issue 46)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: String(TRACK_LIMIT) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const parentOf = async (userId: number) =>
    (
      await t.db
        .select({ ancestorId: referralLinks.ancestorId })
        .from(referralLinks)
        .where(eq(referralLinks.descendantId, userId))
    ).map((row) => row.ancestorId);

  it('gives each new user a random 8-character code that names them, in any spelling', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (const user of [a, b]) {
      expect(user.user.referralCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(user.user.referralCode).not.toBe(formatPromoCode(user.user.id));
    }
    expect(a.user.referralCode).not.toBe(b.user.referralCode);
    const me = await get('/user/me', bearer(a.token));
    expect(me.json().referralCode).toBe(a.user.referralCode);
    const stats = await get('/referral/stats', bearer(a.token));
    expect(stats.json()).toMatchObject({
      code: a.user.referralCode,
      linkPath: `/ref/${a.user.referralCode}`,
    });

    const typed = a.user.referralCode.toLowerCase().replaceAll('0', 'o').replaceAll('1', 'l');
    const child = await registerUser(t.app, { promocode: typed }, { 'x-fp': 'fp-child' });
    expect(await parentOf(child.user.id)).toEqual([a.user.id]);
  });

  it('keeps the old sequential codes working', async () => {
    const old = await registerUser(t.app);
    const child = await registerUser(
      t.app,
      { promocode: formatPromoCode(old.user.id) },
      { 'x-fp': 'fp-old-child' },
    );
    expect(await parentOf(child.user.id)).toEqual([old.user.id]);
  });

  it('draws again when the code drawn is taken', async () => {
    const taken = await registerUser(t.app);
    const draws = vi.mocked(crypto.randomBytes);
    draws.mockImplementationOnce(() => bytesOf(taken.user.referralCode));
    const before = draws.mock.calls.filter(([size]) => size === 5).length;
    const next = await registerUser(t.app);
    expect(draws.mock.calls.filter(([size]) => size === 5).length - before).toBe(2);
    expect(next.user.referralCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(next.user.referralCode).not.toBe(taken.user.referralCode);
    const rows = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, taken.user.referralCode));
    expect(rows).toEqual([{ id: taken.user.id }]);
  });

  it('tracks without telling a real code from a guessed one, and only so often per address', async () => {
    const owner = await registerUser(t.app);
    const visitor = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' };
    const real = await get(`/referral/track/${owner.user.referralCode}`, {
      ...visitor,
      'x-fp': 'fp-visitor',
    });
    expect(real.json()).toEqual({ counted: true });
    // A repeat of the real code and a code nobody has answer alike.
    const repeat = await get(`/referral/track/${owner.user.referralCode}`, {
      ...visitor,
      'x-fp': 'fp-visitor',
    });
    const guessed = await get('/referral/track/ZZZZZZZZ', { ...visitor, 'x-fp': 'fp-visitor' });
    expect([repeat.statusCode, repeat.body]).toEqual([guessed.statusCode, guessed.body]);
    expect(guessed.json()).toEqual({ counted: false });
    // A malformed code says only that its form is wrong.
    const malformed = await get('/referral/track/hello');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid promocode');
    // Four calls so far; then the per-address budget runs out, real code or not.
    for (let i = 4; i < TRACK_LIMIT; i++) {
      expect((await get('/referral/track/ZZZZZZZZ', visitor)).statusCode).toBe(200);
    }
    const refused = await get(`/referral/track/${owner.user.referralCode}`, visitor);
    expect(refused.statusCode).toBe(429);
    expect(await t.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
  });
});
