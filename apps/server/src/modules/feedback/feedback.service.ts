import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackRequest } from '@meeet/core/api/user';
import type { Locale } from '@meeet/core/i18n/locale';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { MailService } from '../mail/mail.service.ts';
import { feedbackRepository } from './feedback.repository.ts';

/**
 * The support form: anyone may write; a signed-in sender is recorded. The message and its mail
 * to support commit together; a mail outage only delays the mail (the queue retries it), and
 * support can still read the table.
 */
export class FeedbackService {
  constructor(
    private readonly deps: {
      db: Database;
      mail: MailService;
      supportEmail: string;
      log: FastifyBaseLogger;
    },
  ) {}

  async submit(input: FeedbackRequest, userId: number | null, locale: Locale): Promise<void> {
    const { db, mail } = this.deps;
    const jobId = await db.transaction(async (tx) => {
      await feedbackRepository.insert(tx, { ...input, userId, locale });
      return mail.enqueue(txOf(tx), {
        to: this.deps.supportEmail,
        replyTo: input.email,
        locale,
        template: { kind: 'feedback', ...input, userId },
      });
    });
    await mail.flush(jobId);
  }
}
