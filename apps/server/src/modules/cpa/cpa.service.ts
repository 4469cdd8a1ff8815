import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import {
  CPA_WINDOW_DAYS,
  cpaActionSchema,
  cpaLevelSchema,
  type CpaAction,
  type CpaConversionsQuery,
  type CpaLanding,
  type CpaLevel,
  type CpaLink,
  type CpaLinkCreate,
  type CpaLinkUpdate,
  type CpaLinkWithSecret,
  type CpaPartner,
  type CpaPayout,
  type CpaPayoutRequest,
  type CpaPostback,
  type CpaRewards,
  type CpaSettings,
  type CpaStats,
  type CpaStatsQuery,
} from '@meeet/core/api/cpa';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { hasRole, Role } from '@meeet/core/roles';
import { webRoutes } from '@meeet/core/web/routes';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { PurchaseCompleted } from '../market/market-events.ts';
import type { AuthContext, ClientContext, SessionsService } from '../users/sessions.service.ts';
import { cpaRepository as repo } from './cpa.repository.ts';
import { addTotals, CpaFigures, emptyTotals } from './cpa-figures.ts';
import { CpaPayouts } from './cpa-payouts.ts';
import { CpaPostbacks } from './cpa-postbacks.ts';
import { newPostbackSecret, sealSecret } from './cpa-signing.ts';
import { TargetRefused, vetTarget, type TargetPolicy } from './postback-target.ts';

export { POSTBACK_JOB, POSTBACK_RETRY_DELAYS_MS } from './cpa-postbacks.ts';
export { CPA_PAYOUT_KEY_PREFIX } from './cpa-payouts.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = CPA_WINDOW_DAYS * DAY_MS;
const LINK_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

const LANDINGS: readonly CpaLanding[] = [
  { name: 'cpa-landing', path: webRoutes.cpaLanding.main },
  { name: 'cpa-landing-meet', path: webRoutes.cpaLanding.meet },
  { name: 'cpa-landing-earn', path: webRoutes.cpaLanding.earn },
];

export interface CpaServiceDeps {
  db: Database;
  jobs: JobQueue;
  sessions: SessionsService;
  chain: ChainRuntime;
  log: FastifyBaseLogger;
  /** 32 bytes that seal the postback secrets at rest. */
  sealKey: Buffer;
  policy: TargetPolicy;
  postbackTimeoutMs?: number;
  now?: () => Date;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/** `x-fp`, else the client address: who a hit and a registration are counted for. */
export function visitorOf(client: ClientContext): string | null {
  if (client.fingerprint) return client.fingerprint;
  return client.ip ? `ip:${client.ip}` : null;
}

/**
 * The affiliate (CPA) programme: links and their secrets, hits and attribution, one conversion
 * per user and action with the payout of the day, signed postbacks through the durable queue,
 * figures for the cabinet, and admin payouts paid on chain as REWARD.
 */
export class CpaService {
  private readonly now: () => Date;
  /** Signed postbacks and their delivery. */
  private readonly postbacksOut: CpaPostbacks;
  /** The cabinet's and the admins' figures. */
  private readonly figures: CpaFigures;
  /** Partner payouts on chain. */
  private readonly payouts: CpaPayouts;

  constructor(private readonly deps: CpaServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.postbacksOut = new CpaPostbacks({ ...deps, now: this.now });
    this.figures = new CpaFigures({ db: deps.db, now: this.now });
    this.payouts = new CpaPayouts({ ...deps, now: this.now });
  }

  // ── Secrets ────────────────────────────────────────────────────────────────────────────
  private newLinkId(): string {
    let id = '';
    for (let i = 0; i < 10; i++) id += LINK_ID_ALPHABET[randomInt(LINK_ID_ALPHABET.length)];
    return id;
  }

  /** Refuses a callbackUrl that is not http(s) or leads to a non-public address (400). */
  private async assertCallbackUrl(url: string): Promise<void> {
    try {
      await vetTarget(url, this.deps.policy);
    } catch (error) {
      if (!(error instanceof TargetRefused)) throw error;
      const key =
        error.reason === 'scheme'
          ? 'msg.invalid-callback-url'
          : error.reason === 'unresolved'
            ? 'cpa.callback-unresolved'
            : 'cpa.callback-refused';
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: key,
        fields: { callbackUrl: key },
      });
    }
  }

  // ── Links ──────────────────────────────────────────────────────────────────────────────
  private async withTotals(links: Awaited<ReturnType<typeof repo.linksOf>>): Promise<CpaLink[]> {
    const figures = await repo.figures(
      this.deps.db,
      links.map((link) => link.id),
      { byDay: false },
    );
    return links.map((link) => {
      const stats = emptyTotals();
      for (const row of figures) if (row.linkId === link.id) addTotals(stats, row);
      return {
        id: link.id,
        userId: link.userId,
        name: link.name,
        callbackUrl: link.callbackUrl,
        createdAt: link.createdAt.toISOString(),
        stats,
      };
    });
  }

  /** Spec §7 GET /cpa/links: the caller's; an admin may name any partner, anyone else only themself. */
  async listLinks(auth: AuthContext, userId: number | undefined): Promise<{ items: CpaLink[] }> {
    const owner = userId ?? auth.user.id;
    if (owner !== auth.user.id && !hasRole(auth.user.role as Role, Role.ADMIN)) throw notFound();
    return { items: await this.withTotals(await repo.linksOf(this.deps.db, owner)) };
  }

  /** The caller's own live link, or 404 (another affiliate's link is indistinguishable from none). */
  private async ownLink(auth: AuthContext, id: string) {
    const link = await repo.findLink(this.deps.db, id);
    if (!link || link.userId !== auth.user.id) throw notFound();
    return link;
  }

  async createLink(auth: AuthContext, input: CpaLinkCreate): Promise<CpaLinkWithSecret> {
    const callbackUrl = input.callbackUrl?.trim() ? input.callbackUrl.trim() : null;
    if (callbackUrl) await this.assertCallbackUrl(callbackUrl);
    const secret = newPostbackSecret();
    const row = await repo.insertLink(this.deps.db, {
      id: this.newLinkId(),
      userId: auth.user.id,
      name: input.name.trim(),
      callbackUrl,
      secretSealed: sealSecret(this.deps.sealKey, secret),
    });
    const [link] = await this.withTotals([row]);
    return { ...(link as CpaLink), secret };
  }

  async updateLink(auth: AuthContext, id: string, input: CpaLinkUpdate): Promise<CpaLink> {
    await this.ownLink(auth, id);
    const changes: { name?: string; callbackUrl?: string | null } = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.callbackUrl !== undefined) {
      const url = input.callbackUrl?.trim() ? input.callbackUrl.trim() : null;
      if (url) await this.assertCallbackUrl(url);
      changes.callbackUrl = url;
    }
    const row = await repo.updateLink(this.deps.db, id, changes, this.now());
    if (!row) throw notFound();
    const [link] = await this.withTotals([row]);
    return link as CpaLink;
  }

  async deleteLink(auth: AuthContext, id: string): Promise<void> {
    await this.ownLink(auth, id);
    if (!(await repo.deleteLink(this.deps.db, id, this.now()))) throw notFound();
  }

  /** A new signing secret, shown once; the old one stops working at once. */
  async renewSecret(auth: AuthContext, id: string): Promise<CpaLinkWithSecret> {
    await this.ownLink(auth, id);
    const secret = newPostbackSecret();
    const row = await repo.updateLink(
      this.deps.db,
      id,
      { secretSealed: sealSecret(this.deps.sealKey, secret) },
      this.now(),
    );
    if (!row) throw notFound();
    const [link] = await this.withTotals([row]);
    return { ...(link as CpaLink), secret };
  }

  landings(): { items: CpaLanding[] } {
    return { items: [...LANDINGS] };
  }

  // ── Settings ───────────────────────────────────────────────────────────────────────────
  async settings(tx: Tx = txOf(this.deps.db)): Promise<CpaSettings> {
    const rates = await repo.rates(executorOf(tx));
    const payouts = Object.fromEntries(
      cpaActionSchema.options.map((action) => [
        action,
        Object.fromEntries(
          cpaLevelSchema.options.map((level) => [
            level,
            rates.find((r) => r.action === action && r.level === level)?.amount ?? '0',
          ]),
        ),
      ]),
    ) as CpaSettings['payouts'];
    return { currency: 'USDT', payouts };
  }

  async updateSettings(input: CpaSettings): Promise<CpaSettings> {
    await this.deps.db.transaction((tx) =>
      repo.setRates(
        tx,
        cpaActionSchema.options.flatMap((action) =>
          cpaLevelSchema.options.map((level) => ({
            action,
            level,
            amount: input.payouts[action][level],
          })),
        ),
      ),
    );
    return this.settings();
  }

  // ── Hits and attribution ───────────────────────────────────────────────────────────────
  /**
   * A request carrying `x-cpa-link-id` (and `x-uid`, the affiliate's click id): counts a hit
   * once per visitor and link per 30 days; bots and unknown links are ignored, hits from the
   * affiliate's own device are kept apart as a fraud signal.
   */
  async track(linkId: string, clickId: string | null, client: ClientContext): Promise<boolean> {
    const visitor = visitorOf(client);
    if (!visitor || !client.userAgent || isbot(client.userAgent)) return false;
    const link = await repo.findLink(this.deps.db, linkId);
    if (!link) return false;
    const self = client.fingerprint
      ? await this.deps.sessions.hasUsedDevice(txOf(this.deps.db), link.userId, client.fingerprint)
      : false;
    const now = this.now();
    return this.deps.db.transaction((tx) =>
      repo.touchHit(
        tx,
        { linkId, visitor, clickId, flag: self ? 'self' : null },
        now,
        new Date(now.getTime() - WINDOW_MS),
      ),
    );
  }

  /**
   * A registration (inside the users service's transaction): attributed to the link the
   * visitor's device last came by within 30 days (last click wins), and converted.
   */
  async onRegistered(unit: Tx, userId: number, client: ClientContext): Promise<void> {
    const visitor = visitorOf(client);
    if (!visitor) return;
    const tx = executorOf(unit);
    const now = this.now();
    const hit = await repo.lastHitOf(tx, visitor, new Date(now.getTime() - WINDOW_MS));
    if (!hit || hit.affiliateId === userId) return;
    const self =
      client.fingerprint !== null &&
      (await this.deps.sessions.hasUsedDevice(unit, hit.affiliateId, client.fingerprint));
    const shared = (await repo.registrationsFrom(tx, visitor)) > 0;
    await repo.insertAttribution(tx, {
      userId,
      linkId: hit.linkId,
      clickId: hit.clickId,
      visitor,
      flag: self ? 'self' : shared ? 'shared_device' : null,
      createdAt: now,
    });
    await this.convert(tx, userId, 'registration');
  }

  /** The users service: the profile became complete (spec §4's fields). */
  async onProfileCompleted(userId: number, tx?: Tx): Promise<void> {
    await this.recordConversion(userId, 'fill_profile', tx ? { tx } : {});
  }

  /** The market: a purchase completed (inside its transaction): revenue, and the conversion. */
  async onPurchaseCompleted(unit: Tx, event: PurchaseCompleted): Promise<void> {
    const tx = executorOf(unit);
    const attribution = await repo.attributionOf(tx, event.userId);
    if (!attribution) return;
    await repo.insertRevenue(tx, {
      linkId: attribution.linkId,
      userId: event.userId,
      ref: `purchase:${event.transactionId}`,
      amount: event.price.toString(),
      createdAt: this.now(),
    });
    await this.convert(tx, event.userId, 'purchase');
  }

  /**
   * Records that `userId` did `action`, for the link they came by (nothing if they came by
   * none); each action converts once per user. With `tx` it joins the caller's transaction
   * (the postback then leaves on the queue's next pass); without, it commits and sends at once.
   * For other modules: the meetings service calls it with `first_meet`.
   */
  async recordConversion(
    userId: number,
    action: CpaAction,
    options: { tx?: Tx } = {},
  ): Promise<boolean> {
    if (options.tx) return (await this.convert(executorOf(options.tx), userId, action)) !== false;
    const result = await this.deps.db.transaction((tx) => this.convert(tx, userId, action));
    if (typeof result === 'number') await this.deps.jobs.runNow(result);
    return result !== false;
  }

  /** False: no conversion; true: one without a postback; a number: the postback's job. */
  private async convert(
    tx: DbExecutor,
    userId: number,
    action: CpaAction,
  ): Promise<number | boolean> {
    const attribution = await repo.attributionOf(tx, userId);
    if (!attribution) return false;
    const level = await repo.levelOf(tx, attribution.affiliateId);
    const settings = await this.settings(txOf(tx));
    const flagged = attribution.flag !== null;
    const payout = flagged ? '0' : settings.payouts[action][level as CpaLevel];
    const now = this.now();
    const conversion = await repo.insertConversion(tx, {
      linkId: attribution.linkId,
      affiliateId: attribution.affiliateId,
      userId,
      action,
      clickId: attribution.clickId,
      level,
      payout,
      flagged,
      createdAt: now,
    });
    if (!conversion) return false;
    // Flagged conversions earn nothing and are not reported; a deleted link reports nothing.
    if (flagged || !attribution.callbackUrl || attribution.deletedAt) return true;
    return this.postbacksOut.enqueue(tx, {
      conversionId: conversion.id,
      linkId: attribution.linkId,
      affiliateId: attribution.affiliateId,
      callbackUrl: attribution.callbackUrl,
      clickId: attribution.clickId,
      action,
      payout,
      at: now,
    });
  }

  // ── Postbacks ──────────────────────────────────────────────────────────────────────────
  /** The queue's handler: one attempt of a postback (`cpa-postbacks.ts`). */
  deliverPostback(payload: unknown): Promise<void> {
    return this.postbacksOut.deliver(payload);
  }

  postbacks(
    auth: AuthContext,
    query: { offset: number; limit: number },
  ): Promise<{ items: CpaPostback[]; total: number; offset: number; limit: number }> {
    return this.postbacksOut.list(auth, query);
  }

  /** The resend button: one more attempt now (the next attempt number; the schedule goes on). */
  resendPostback(auth: AuthContext, id: number): Promise<CpaPostback> {
    return this.postbacksOut.resend(auth, id);
  }

  // ── Figures and payouts ────────────────────────────────────────────────────────────────
  stats(auth: AuthContext, query: CpaStatsQuery): Promise<CpaStats> {
    return this.figures.stats(auth, query);
  }

  conversions(auth: AuthContext, query: CpaConversionsQuery & { offset: number; limit: number }) {
    return this.figures.conversions(auth, query);
  }

  /** Spec §7 GET /cpa/rewards: the caller's payouts and what is still owed. */
  rewards(auth: AuthContext): Promise<CpaRewards> {
    return this.payouts.rewards(auth);
  }

  /** Spec §7 POST /cpa/rewards (admins): pays a partner everything earned and unpaid. */
  pay(auth: AuthContext, input: CpaPayoutRequest): Promise<CpaPayout> {
    return this.payouts.pay(auth, input);
  }

  /** For the wallet's sender: a payout REWARD that did not make it frees its conversions. */
  onRewardSettled(tx: Tx, transactionId: number, succeeded: boolean): Promise<void> {
    return this.payouts.onRewardSettled(executorOf(tx), transactionId, succeeded);
  }

  // ── Partners (admins) ──────────────────────────────────────────────────────────────────
  partners(): Promise<{ items: CpaPartner[] }> {
    return this.figures.partners();
  }

  async setPartnerLevel(
    userId: number,
    level: CpaLevel,
  ): Promise<{ userId: number; level: CpaLevel }> {
    await repo.setLevel(this.deps.db, userId, level, this.now());
    return { userId, level };
  }
}
