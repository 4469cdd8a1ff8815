import { eq } from 'drizzle-orm';
import type { BusinessApplyInput } from '@meeet/core/api/business';
import { registerUser } from '../../../test/accounts.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';
import { businesses } from './business.schema.ts';

/** A complete application for a café in Berlin (override any field). */
export function application(overrides: Partial<BusinessApplyInput> = {}): BusinessApplyInput {
  return {
    legalName: 'Café Luna GmbH',
    registrationNumber: 'HRB 12345',
    country: 'de',
    address: 'Unter den Linden 1, Berlin',
    website: 'https://cafe-luna.example',
    contact: '+49 30 000000',
    category: 'cafe',
    venue: { lat: 52.52, lon: 13.405 },
    ...overrides,
  };
}

/** A registered user whose e-mail is confirmed (who may apply). */
export async function verifiedUser(app: App, db: Database, body: Record<string, unknown> = {}) {
  const user = await registerUser(app, body, { 'x-fp': `fp-biz-${Math.random()}` });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.user.id));
  return user;
}

/** A registered user with an approved business, inserted directly (the review has its tests). */
export async function approvedBusinessOwner(
  app: App,
  db: Database,
  venue: { lat: number; lon: number } | null = null,
) {
  const owner = await registerUser(app);
  await db.insert(businesses).values({
    ownerId: owner.user.id,
    legalName: `Café ${owner.user.id}`,
    registrationNumber: 'RU-1',
    country: 'RU',
    address: 'Tverskaya 1, Moscow',
    contact: '+7 900 000 00 00',
    category: 'cafe',
    status: 'approved',
    venueLat: venue?.lat ?? null,
    venueLon: venue?.lon ?? null,
  });
  return owner;
}
