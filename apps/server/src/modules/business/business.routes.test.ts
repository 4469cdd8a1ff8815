import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { businesses } from './business.schema.ts';

describe('business accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells other modules a user’s business only once it is approved', async () => {
    const owner = await registerUser(t.app);
    expect(await t.app.business.approvedBusinessOf(owner.user.id)).toBeNull();
    const [row] = await t.db
      .insert(businesses)
      .values({
        ownerId: owner.user.id,
        legalName: 'Café Luna LLC',
        registrationNumber: 'RU-123',
        country: 'RU',
        address: 'Tverskaya 1, Moscow',
        contact: '+7 900 000 00 00',
        category: 'cafe',
      })
      .returning();
    expect(await t.app.business.approvedBusinessOf(owner.user.id)).toBeNull();
    await t.db
      .update(businesses)
      .set({ status: 'approved', venueLat: 55.75, venueLon: 37.61 })
      .where(eq(businesses.id, row!.id));
    expect(await t.app.business.approvedBusinessOf(owner.user.id)).toEqual({
      id: row!.id,
      name: 'Café Luna LLC',
      venue: { lat: 55.75, lon: 37.61 },
    });
  });
});
