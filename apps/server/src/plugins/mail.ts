import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { MAIL_JOB, MailService, type MailRequest } from '../modules/mail/mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** One mail transport per process, shared by every module that mails. */
async function mail(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const service = new MailService(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, timeouts: config.smtpTimeouts },
    app.db,
    app.log,
    app.jobs,
  );
  // A queued mail is sent like a direct one; its failure (503) schedules a retry.
  app.jobs.register(MAIL_JOB, (payload) => service.send(payload as MailRequest));
  app.decorate('mail', service);
  app.addHook('onClose', async () => service.close());
}

export const mailPlugin = fp(mail, { name: 'mail', dependencies: ['db', 'jobs'] });
