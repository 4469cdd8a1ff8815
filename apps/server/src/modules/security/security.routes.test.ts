import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecurityEventKind, securityEventsPageSchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';

describe('security events', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const eventsOf = (userId: number, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api${securityPaths.staffEvents(userId)}`,
      headers: bearer(token),
    });

  it('are recorded with where they came from and read by admins, newest first', async () => {
    const admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    const owner = await registerUser(t.app);
    await t.app.security.record(owner.user.id, SecurityEventKind.ANTI_PHISHING_SET);
    await t.app.security.record(
      owner.user.id,
      SecurityEventKind.ADDRESS_ADDED,
      { address: '0xabc' },
      { ip: '203.0.113.9', headers: { 'user-agent': 'Test Agent' } },
    );

    const response = await eventsOf(owner.user.id, admin.token);
    expect(response.statusCode).toBe(200);
    const page = securityEventsPageSchema.parse(response.json());
    expect(page.list.map((event) => event.kind)).toEqual(['address-added', 'anti-phishing-set']);
    expect(page.list[0]).toMatchObject({
      detail: { address: '0xabc' },
      ip: '203.0.113.9',
      userAgent: 'Test Agent',
    });
    expect(page.hasMore).toBe(false);
  });

  it('are not shown to moderators or the user', async () => {
    const moderator = await registerUser(t.app);
    await makeRole(t.db, moderator.user.id, 'moderator');
    const owner = await registerUser(t.app);
    expect((await eventsOf(owner.user.id, moderator.token)).statusCode).toBe(403);
    expect((await eventsOf(owner.user.id, owner.token)).statusCode).toBe(403);
  });
});
