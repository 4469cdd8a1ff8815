import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import type { SmtpTimeouts } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type Tx } from '../../plugins/db.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { mailRepository } from './mail.repository.ts';
import { renderMail, type MailTemplate } from './mail.templates.ts';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  replyTo?: string;
}

/** The job kind of a queued mail; its payload is a MailRequest. */
export const MAIL_JOB = 'mail';

/** How a rendered mail leaves: SMTP, or the dev mailbox table. */
interface MailTransport {
  deliver(mail: {
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
  close(): void;
}

function smtpTransport(url: string, from: string, timeouts: SmtpTimeouts): MailTransport {
  // Options may ride on the URL (`?ignoreTLS=true`, `?tls.rejectUnauthorized=false`). The
  // timeouts bound a send, so a stalled server fails it (and the queue retries) instead of
  // holding it for ever.
  const transporter: Transporter = nodemailer.createTransport(
    {
      url,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    },
    { from },
  );
  return {
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

function devMailboxTransport(db: Database): MailTransport {
  return {
    deliver: (mail) => mailRepository.insert(db, { replyTo: null, ...mail }),
    close: () => {},
  };
}

/**
 * Renders a template in the recipient's language and sends it. Without SMTP_URL mails land in
 * the `dev_mailbox` table and the log, so a fresh clone can register and recover passwords
 * without any mail server.
 */
export class MailService {
  private readonly transport: MailTransport;
  readonly usesDevMailbox: boolean;
  private antiPhishingOf: (to: string) => Promise<string | null> = () => Promise.resolve(null);

  constructor(
    options: { smtpUrl: string | undefined; from: string; timeouts: SmtpTimeouts },
    db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: JobQueue,
  ) {
    this.usesDevMailbox = !options.smtpUrl;
    this.transport = options.smtpUrl
      ? smtpTransport(options.smtpUrl, options.from, options.timeouts)
      : devMailboxTransport(db);
  }

  /**
   * How the recipient's anti-phishing phrase is found (the security module owns it); every
   * mail goes through `send`, so every mail to a user shows it.
   */
  useAntiPhishing(lookup: (to: string) => Promise<string | null>): void {
    this.antiPhishingOf = lookup;
  }

  async send(request: MailRequest): Promise<void> {
    const rendered = renderMail(
      request.template,
      request.locale,
      await this.antiPhishingOf(request.to),
    );
    try {
      await this.transport.deliver({
        to: request.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(request.replyTo ? { replyTo: request.replyTo } : {}),
      });
    } catch (error) {
      this.log.error({ err: error, mail: request.template.kind }, 'mail could not be sent');
      // A mail server outage is ours, and temporary: the caller may try again.
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    }
    const devCode =
      this.usesDevMailbox && 'code' in request.template ? { code: request.template.code } : {};
    // The dev mailbox logs the code so a developer can type it; a real mail never logs it.
    this.log.info(
      { mail: request.template.kind, to: request.to, ...devCode },
      this.usesDevMailbox ? 'mail stored in the dev mailbox' : 'mail sent',
    );
  }

  /**
   * Queues a mail on `tx` — the transaction of the change the mail tells about, so the two
   * commit together and a crash before the send loses nothing. Call `flush` after the commit.
   */
  enqueue(tx: Tx, request: MailRequest): Promise<number> {
    return this.jobs.enqueue(tx, MAIL_JOB, request);
  }

  /** Sends a queued mail now; if that fails the queue retries it with back-off. */
  async flush(jobId: number): Promise<void> {
    await this.jobs.runNow(jobId);
  }

  close(): void {
    this.transport.close();
  }
}
