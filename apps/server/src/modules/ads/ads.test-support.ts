import { registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeRole } from '../media/media.test-support.ts';

export type Registered = Awaited<ReturnType<typeof registerUser>>;

/**
 * What the ads and campaigns tests run against: the app on a fresh database and chain, an admin,
 * and a listening port for sockets (`url`). The caller closes `t` and stops `c` in afterAll.
 */
export async function adsTestApp(): Promise<{
  t: TestApp;
  c: TestChain;
  admin: Registered;
  url: string;
}> {
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  let c: TestChain | undefined;
  try {
    c = await attachTestChain(t);
    const admin = await registerUser(t.app);
    await makeRole(t.db, admin.user.id, 'admin');
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    return { t, c, admin, url };
  } catch (error) {
    await t.close();
    await c?.stop();
    throw error;
  }
}

/** A call to `/api<url>` with the given headers (`bearer(token, fp)` for a signed-in client). */
export function headersInjector(app: () => TestApp['app']) {
  return (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}
