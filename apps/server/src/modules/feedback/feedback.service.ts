import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackRequest } from '@meeet/core/api/user';
import type { Locale } from '@meeet/core/i18n/locale';
import type { Database } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';
import { feedbackRepository } from './feedback.repository.ts';

/**
 * The support form: anyone may write; a signed-in sender is recorded. The message is stored
 * first, so a mail outage loses nothing: support can still read the table.
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
    const { db, mail, supportEmail, log } = this.deps;
    const id = await feedbackRepository.insert(db, { ...input, userId, locale });
    try {
      await mail.send({
        to: supportEmail,
        replyTo: input.email,
        locale,
        template: { kind: 'feedback', ...input, userId },
      });
    } catch (error) {
      log.error({ err: error, feedbackId: id }, 'feedback stored but not mailed to support');
    }
  }
}
