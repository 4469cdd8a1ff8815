/** Mail: the SMTP server and its bounds, the sender, and where support feedback goes. */
import { z } from 'zod';
import { SUPPORT_EMAIL } from '@meeet/core/constants';
import { type EnvOf, withDefault } from './config-values.ts';

export const mailEnv = {
  /** Any SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset → the dev mailbox table. */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Milliseconds to connect to the SMTP server, to get its greeting, and of socket silence. */
  SMTP_CONNECTION_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 10_000),
  SMTP_GREETING_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 10_000),
  SMTP_SOCKET_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100), 30_000),
  MAIL_FROM: withDefault(z.string().min(3), 'MEEET <no-reply@meeet.app>'),
  /** Where feedback from the support form goes. */
  SUPPORT_EMAIL: withDefault(z.email(), SUPPORT_EMAIL),
};

/** Bounds on each SMTP delivery, so a stalled mail server fails a send instead of hanging it. */
export interface SmtpTimeouts {
  readonly connectionMs: number;
  readonly greetingMs: number;
  readonly socketMs: number;
}

export interface MailConfig {
  readonly smtpUrl: string | undefined;
  readonly smtpTimeouts: SmtpTimeouts;
  readonly mailFrom: string;
  readonly supportEmail: string;
}

export function mailConfig(e: EnvOf<typeof mailEnv>): MailConfig {
  return {
    smtpUrl: e.SMTP_URL,
    smtpTimeouts: {
      connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS,
      greetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      socketMs: e.SMTP_SOCKET_TIMEOUT_MS,
    },
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
  };
}
