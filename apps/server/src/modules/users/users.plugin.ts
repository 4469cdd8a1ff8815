import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { LoginLimiter } from './login-limiter.ts';
import { PasswordHasher } from './passwords.ts';
import { UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: sign-in, registration, profiles, built once. */
    users: UsersService;
  }
}

/**
 * The users service. The referral programme and the affiliate programme reach it as the app's
 * `referral` and `cpa` (registered before), so this module imports neither.
 */
async function users(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const hasher = new PasswordHasher(config.limits.hashConcurrency, config.limits.hashQueue);
  const users = new UsersService({
    db: app.db,
    sessions: app.sessions,
    codes: app.codes,
    hasher,
    loginLimiter: new LoginLimiter(app.createLimiter, config.limits.loginFailuresPerEmail),
    log: app.log,
    referral: app.referral,
    cpa: app.cpa,
    holds: app.wallet,
  });
  app.decorate('users', users);
  // The dummy hash for unknown-address logins is made before the first request needs it.
  app.addHook('onReady', () => hasher.warmUp());
}

export const usersPlugin = fp(users, {
  name: 'users',
  dependencies: ['auth', 'codes', 'referral', 'cpa', 'limiters', 'wallet'],
});
