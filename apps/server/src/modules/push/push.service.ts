import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  pushDataSchema,
  type PushKind,
  type PushSettings,
  type PushSettingsResponse,
  type PushTokenRequest,
} from '@meeet/core/api/push';
import type { Locale } from '@meeet/core/i18n/locale';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userLocales } from '../users/users.service.ts';
import type { PushMessage, PushProvider } from './push.provider.ts';
import { pushRepository as repo } from './push.repository.ts';
import { txOf } from '../../plugins/db.ts';

/** The job kind of one push to one device. */
export const PUSH_JOB = 'push.send';

const pushJobSchema = z.object({
  userId: z.number().int(),
  token: z.string(),
  message: z.object({
    title: z.string(),
    body: z.string(),
    data: pushDataSchema,
    threadId: z.string().optional(),
  }),
});
type PushJob = z.infer<typeof pushJobSchema>;

/** What a push says, worded in the recipient's language. */
export type PushComposer = (locale: Locale) => PushMessage;

/**
 * The narrow face other modules see: tell a user of something while their app is closed.
 * Never throws and never waits for the phone; a user with the app open has heard in-app.
 */
export interface PushNotifier {
  notify(userId: number, kind: PushKind, compose: PushComposer): Promise<void>;
  /**
   * Tells every user who switched the kind on and has the app closed (news); answers how many
   * pushes were queued. Never throws.
   */
  notifyEveryone(kind: PushKind, compose: PushComposer): Promise<number>;
}

export interface PushServiceDeps {
  db: Database;
  jobs: JobQueue;
  /** Null when APNs is not configured: tokens and settings are kept, nothing is sent. */
  provider: PushProvider | null;
  /** Whether the user has a socket open on any server process (the app or the web is open). */
  isOnline: (userId: number) => Promise<boolean>;
  /** Every user with a socket open on any process. */
  onlineUserIds: () => Promise<number[]>;
  log: FastifyBaseLogger;
}

/** The longest body a push carries; APNs refuses payloads above 4 KB. */
const BODY_MAX = 180;

function clip(text: string): string {
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

/**
 * Push notifications (issue 43): the devices' tokens, the per-kind settings, and the sending,
 * one durable job per device so a rate limit or an outage is retried with back-off and a dead
 * token is dropped.
 */
export class PushService implements PushNotifier {
  constructor(private readonly deps: PushServiceDeps) {
    deps.jobs.register(PUSH_JOB, (payload) => this.deliver(pushJobSchema.parse(payload)));
  }

  get enabled(): boolean {
    return this.deps.provider !== null;
  }

  async registerToken(auth: AuthContext, request: PushTokenRequest): Promise<void> {
    await repo.saveToken(this.deps.db, auth.user.id, request.token, request.platform);
  }

  async unregisterToken(auth: AuthContext, request: PushTokenRequest): Promise<void> {
    await repo.removeUserToken(this.deps.db, auth.user.id, request.token);
  }

  async settings(auth: AuthContext): Promise<PushSettingsResponse> {
    return {
      enabled: this.enabled,
      settings: await repo.settingsOf(this.deps.db, auth.user.id),
    };
  }

  async updateSettings(auth: AuthContext, settings: PushSettings): Promise<PushSettingsResponse> {
    return {
      enabled: this.enabled,
      settings: await repo.saveSettings(this.deps.db, auth.user.id, settings),
    };
  }

  async notify(userId: number, kind: PushKind, compose: PushComposer): Promise<void> {
    try {
      await this.enqueue(userId, kind, compose);
    } catch (error) {
      this.deps.log.warn({ err: error, userId, kind }, 'push not queued');
    }
  }

  async notifyEveryone(kind: PushKind, compose: PushComposer): Promise<number> {
    try {
      return await this.enqueueForEveryone(kind, compose);
    } catch (error) {
      this.deps.log.warn({ err: error, kind }, 'pushes not queued');
      return 0;
    }
  }

  /**
   * One job per device of every recipient, written in one transaction and left to the queue's
   * pass (hundreds of thousands of pushes must not run inside the caller's request).
   */
  private async enqueueForEveryone(kind: PushKind, compose: PushComposer): Promise<number> {
    const { db, jobs, provider } = this.deps;
    if (!provider) return 0;
    const [devices, online] = await Promise.all([
      repo.devicesWithKindOn(db, kind),
      this.deps.onlineUserIds(),
    ]);
    const appOpen = new Set(online);
    const recipients = devices.filter((device) => !appOpen.has(device.userId));
    if (recipients.length === 0) return 0;
    const locales = await userLocales(txOf(db), [...new Set(recipients.map((r) => r.userId))]);
    const worded = new Map<string, PushMessage>();
    const wordedIn = (locale: Locale): PushMessage => {
      const cached = worded.get(locale);
      if (cached) return cached;
      const composed = compose(locale);
      const message = { ...composed, body: clip(composed.body) };
      worded.set(locale, message);
      return message;
    };
    await db.transaction(async (tx) => {
      for (const { userId, token } of recipients) {
        const message = wordedIn(locales.get(userId) ?? 'en');
        await jobs.enqueue(txOf(tx), PUSH_JOB, { userId, token, message } as PushJob);
      }
    });
    return recipients.length;
  }

  private async enqueue(userId: number, kind: PushKind, compose: PushComposer): Promise<void> {
    const { db, jobs, provider } = this.deps;
    if (!provider) return;
    // The open app (or web) showed it already: a push as well would say it twice.
    if (await this.deps.isOnline(userId)) return;
    const [settings, tokens] = await Promise.all([
      repo.settingsOf(db, userId),
      repo.tokensOf(db, userId),
    ]);
    if (!settings[kind] || tokens.length === 0) return;
    const locale = (await userLocales(txOf(db), [userId])).get(userId) ?? 'en';
    const composed = compose(locale);
    const message: PushMessage = { ...composed, body: clip(composed.body) };
    const ids = await db.transaction(async (tx) =>
      Promise.all(
        tokens.map((token) =>
          jobs.enqueue(txOf(tx), PUSH_JOB, { userId, token, message } as PushJob),
        ),
      ),
    );
    await Promise.all(ids.map((id) => jobs.runNow(id)));
  }

  /** One job: a token signed out or moved to another account since is skipped. */
  private async deliver(job: PushJob): Promise<void> {
    const { db, provider } = this.deps;
    if (!provider) return;
    if (!(await repo.holds(db, job.userId, job.token))) return;
    const { threadId, ...rest } = job.message;
    const outcome = await provider.send(job.token, threadId ? { ...rest, threadId } : rest);
    if (outcome === 'invalid-token') {
      await repo.removeToken(db, job.token);
      this.deps.log.info({ userId: job.userId }, 'push token invalid, removed');
    }
  }
}
