import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { FeedbackService } from './feedback.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages to support, built once. */
    feedback: FeedbackService;
  }
}

async function feedback(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.decorate(
    'feedback',
    new FeedbackService({
      db: app.db,
      mail: app.mail,
      supportEmail: config.supportEmail,
      log: app.log,
    }),
  );
}

export const feedbackPlugin = fp(feedback, { name: 'feedback', dependencies: ['db', 'mail'] });
