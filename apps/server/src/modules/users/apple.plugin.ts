import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userPaths } from '@meeet/core/api/user-paths';
import type { AppConfig } from '../../config.ts';
import { AppleService } from './apple.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign in with Apple over the users service, built once. */
    apple: AppleService;
  }
}

async function apple(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.decorate(
    'apple',
    new AppleService(
      {
        clientId: config.apple.clientId,
        keysUrl: config.apple.keysUrl,
        authUrl: config.apple.authUrl,
        redirectUri: `${config.publicUrl}/api${userPaths.appleCallback}`,
      },
      { db: app.db, tokens: app.tokens, sessions: app.sessions, users: app.users },
    ),
  );
}

export const applePlugin = fp(apple, { name: 'apple', dependencies: ['auth', 'users'] });
