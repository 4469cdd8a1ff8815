import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { AccountDeletionService } from './account-deletion.ts';
import { DataExportService } from './data-export.ts';
import { PasswordHasher } from './passwords.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account deletion with its grace period and erasure job. */
    accountDeletion: AccountDeletionService;
    /** "Request my data": the archive job and its signed link. */
    dataExport: DataExportService;
  }
}

async function account(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const deletion = new AccountDeletionService({
    db: app.db,
    jobs: app.jobs,
    sessions: app.sessions,
    hasher: new PasswordHasher(config.limits.hashConcurrency, config.limits.hashQueue),
    log: app.log,
  });
  deletion.cancelOnEverySignIn();
  app.decorate('accountDeletion', deletion);
  app.decorate(
    'dataExport',
    new DataExportService({
      db: app.db,
      jobs: app.jobs,
      mail: app.mail,
      secret: config.jwtSecret,
      publicUrl: config.publicUrl,
    }),
  );
}

export const accountPlugin = fp(account, {
  name: 'account',
  dependencies: ['auth', 'jobs', 'mail', 'users'],
});
