import { eq } from 'drizzle-orm';
import type { BusinessApplyInput } from '@meeet/core/api/business';
import { registerUser } from '../../../test/accounts.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

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
