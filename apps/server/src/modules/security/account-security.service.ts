import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  SecurityEventKind,
  type ActiveSessions,
  type AntiPhishing,
} from '@meeet/core/api/security';
import { webRoutes } from '@meeet/core/web/routes';
import type { Locale } from '@meeet/core/i18n/locale';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailService } from '../mail/mail.service.ts';
import { sessionLabel } from '@meeet/core/rules/session-label';
import { describeSession } from '../users/session-device.ts';
import type { AuthContext, SessionsService, SignedIn } from '../users/sessions.service.ts';
import type { TokenSigner } from '../users/tokens.ts';
import { userIdByEmail } from '../users/users.service.ts';
import { securityRepository } from './security.repository.ts';
import type { SecurityEventSource, SecurityService } from './security.service.ts';
import { executorOf, txOf } from '../../plugins/db.ts';

/** A "This wasn't me" link works for a week, once. */
const NOT_ME_TTL_SECONDS = 7 * 24 * 60 * 60;

const WORDS: Record<Locale, { app: string; unknownDevice: string; unknownPlace: string }> = {
  en: { app: 'MEEET app', unknownDevice: 'unknown browser', unknownPlace: 'unknown place' },
  ru: {
    app: 'приложение MEEET',
    unknownDevice: 'неизвестный браузер',
    unknownPlace: 'неизвестное место',
  },
};

function countryName(code: string | null, locale: Locale): string {
  if (!code) return WORDS[locale].unknownPlace;
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

const notMeLinkInvalid = () =>
  new AppError(ErrorCode.INVALID_CODE, { messageKey: 'msg.not-me-link-invalid' });

export interface AccountSecurityDeps {
  db: Database;
  sessions: SessionsService;
  events: SecurityService;
  mail: MailService;
  tokens: TokenSigner;
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * Pauses the user's withdrawals until they reset their password ("This wasn't me"). The
   * wallet owns holds; the composition root passes its call.
   */
  freezeWithdrawals?: (userId: number) => Promise<void>;
}

/**
 * Sessions people control, the new-device mail with its "This wasn't me" link, and the
 * anti-phishing phrase (issue 45). Each change leaves a security event.
 */
export class AccountSecurityService {
  constructor(private readonly deps: AccountSecurityDeps) {}

  async listSessions(auth: AuthContext): Promise<ActiveSessions> {
    const rows = await this.deps.sessions.listActive(auth.user.id);
    return {
      list: rows.map((row) => ({
        id: row.id,
        ...describeSession(row.userAgent, row.ip),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === auth.sessionId,
      })),
    };
  }

  /** Ends one of the caller's sessions; 404 when it is not theirs or already ended. */
  async endSession(auth: AuthContext, sessionId: string, source: SecurityEventSource) {
    if (!(await this.deps.sessions.endOwn(auth, sessionId))) {
      throw new AppError(ErrorCode.NOT_FOUND, { messageKey: 'msg.session-not-found' });
    }
    await this.deps.events.record(
      auth.user.id,
      SecurityEventKind.SESSION_ENDED,
      { sessionId },
      source,
    );
    return { ended: 1 };
  }

  async endOtherSessions(auth: AuthContext, source: SecurityEventSource) {
    const ended = await this.deps.sessions.endOthers(auth);
    await this.deps.events.record(
      auth.user.id,
      SecurityEventKind.SESSIONS_ENDED_ELSEWHERE,
      { count: String(ended) },
      source,
    );
    return { ended };
  }

  async antiPhishing(auth: AuthContext): Promise<AntiPhishing> {
    return { phrase: await securityRepository.antiPhishing(this.deps.db, auth.user.id) };
  }

  async setAntiPhishing(
    auth: AuthContext,
    phrase: string | null,
    source: SecurityEventSource,
  ): Promise<AntiPhishing> {
    await this.deps.db.transaction(async (tx) => {
      await securityRepository.setAntiPhishing(tx, auth.user.id, phrase);
      await this.deps.events.record(
        auth.user.id,
        SecurityEventKind.ANTI_PHISHING_SET,
        { set: String(phrase !== null) },
        source,
        tx,
      );
    });
    return { phrase };
  }

  /** The phrase the mail module shows in a mail to this address. */
  async antiPhishingFor(email: string): Promise<string | null> {
    const userId = await userIdByEmail(txOf(this.deps.db), email);
    return userId === null ? null : securityRepository.antiPhishing(this.deps.db, userId);
  }

  /**
   * A session opened: from a device the account never used (and not its first sign-in), the
   * owner gets a mail naming device, place and time with a "This wasn't me" link. Written on
   * the sign-in's executor, so it commits with the session.
   */
  async onSignedIn(event: SignedIn): Promise<void> {
    if (!event.newDevice) return;
    const { user, client } = event;
    const db = executorOf(event.tx);
    const locale = user.locale as Locale;
    const device = describeSession(client.userAgent, client.ip);
    const linkId = await securityRepository.insertNotMeLink(db, user.id);
    const token = await this.deps.tokens.sign(
      'not-me',
      { lid: linkId, uid: user.id },
      NOT_ME_TTL_SECONDS,
    );
    const jobId = await this.deps.mail.enqueue(event.tx, {
      to: user.email,
      locale,
      template: {
        kind: 'new-device',
        device: sessionLabel(device, {
          app: WORDS[locale].app,
          unknown: WORDS[locale].unknownDevice,
        }),
        place: countryName(device.country, locale),
        at: new Date().toISOString(),
        notMeUrl: `${this.deps.publicUrl}${webRoutes.notMe}?token=${encodeURIComponent(token)}`,
      },
    });
    await this.deps.events.record(
      user.id,
      SecurityEventKind.SIGN_IN_NEW_DEVICE,
      { sessionId: event.sessionId, ...(device.country ? { country: device.country } : {}) },
      client,
      db,
    );
    // Sent at once when the sign-in is not inside a transaction; otherwise the queue sends it
    // after the commit (runNow finds no committed job and leaves it to the queue).
    void this.deps.mail.flush(jobId);
  }

  /**
   * "This wasn't me": ends every session of the account and freezes withdrawals until the
   * password is reset. The link works once.
   */
  async notMe(token: string, source: SecurityEventSource): Promise<{ ended: number }> {
    const claims = await this.deps.tokens.verify('not-me', token);
    const linkId = typeof claims?.lid === 'string' ? claims.lid : null;
    const userId = typeof claims?.uid === 'number' ? claims.uid : null;
    if (!linkId || !userId) throw notMeLinkInvalid();
    if (!(await securityRepository.useNotMeLink(this.deps.db, linkId, userId))) {
      throw notMeLinkInvalid();
    }
    const ended = await this.deps.sessions.revokeAllForUser(userId);
    await this.deps.events.record(
      userId,
      SecurityEventKind.NOT_ME,
      { sessionsEnded: String(ended) },
      source,
    );
    await this.deps.freezeWithdrawals?.(userId);
    this.deps.log.warn({ userId }, "owner said a sign-in wasn't them: sessions ended");
    return { ended };
  }
}
