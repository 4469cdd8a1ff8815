import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
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
  type CpaTotals,
} from '@meeet/core/api/cpa';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { PAYMENT_CURRENCY } from '@meeet/core/constants';
import { tokenAmountParam } from '@meeet/core/format/number';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import { hasRole, Role } from '@meeet/core/roles';
import { webRoutes } from '@meeet/core/web/routes';
import type { Database, DbExecutor } from '../../db/client.ts';
import type { ChainRuntime } from '../../plugins/chain.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { PurchaseCompleted } from '../market/market-events.ts';
import type { AuthContext, ClientContext, SessionsService } from '../users/sessions.service.ts';
import { userContacts } from '../users/users.service.ts';
import { requestHotWalletReward, transactionsById } from '../wallet/wallet.service.ts';
import { cpaRepository as repo, type FigureRow } from './cpa.repository.ts';
import type { CpaPostbackRow } from './cpa.schema.ts';
import { deliver, TargetRefused, vetTarget, type TargetPolicy } from './postback-target.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = CPA_WINDOW_DAYS * DAY_MS;
/** Waits before automatic attempts 2…6 of a postback: 1 m, 5 m, 30 m, 2 h, 12 h. */
/** A partner payout's REWARD row carries this idempotency key prefix and the payout's id. */
export const CPA_PAYOUT_KEY_PREFIX = 'cpa-payout ';
export const POSTBACK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];
export const POSTBACK_JOB = 'cpa.postback';
const DEFAULT_TIMEOUT_MS = 5_000;
const LINK_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const MAX_STATS_DAYS = 366;

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

interface PostbackJob {
  postbackId: number;
  attempt: number;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function emptyTotals(): CpaTotals {
  return { hits: 0, regs: 0, value: '0', profit: '0', paid: '0' };
}

function addTotals(into: CpaTotals, row: FigureRow): void {
  into.hits += row.hits;
  into.regs += row.regs;
  into.value = (BigInt(into.value) + BigInt(row.value)).toString();
  into.profit = (BigInt(into.profit) + BigInt(row.profit)).toString();
  into.paid = (BigInt(into.paid) + BigInt(row.paid)).toString();
}

/** `x-fp`, else the client address: who a hit and a registration are counted for. */
export function visitorOf(client: ClientContext): string | null {
  if (client.fingerprint) return client.fingerprint;
  return client.ip ? `ip:${client.ip}` : null;
}

/** The header value of a signed postback: `t=<unix s>,v1=<hex HMAC-SHA256(secret, t.body)>`. */
export function signPostback(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The affiliate (CPA) programme: links and their secrets, hits and attribution, one conversion
 * per user and action with the payout of the day, signed postbacks through the durable queue,
 * figures for the cabinet, and admin payouts paid on chain as REWARD.
 */
export class CpaService {
  private readonly now: () => Date;

  constructor(private readonly deps: CpaServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ── Secrets ────────────────────────────────────────────────────────────────────────────
  private seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.deps.sealKey, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  private open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('sealed secret is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.deps.sealKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  private newSecret(): string {
    return `whsec_${randomBytes(24).toString('base64url')}`;
  }

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
    const secret = this.newSecret();
    const row = await repo.insertLink(this.deps.db, {
      id: this.newLinkId(),
      userId: auth.user.id,
      name: input.name.trim(),
      callbackUrl,
      secretSealed: this.seal(secret),
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
    const secret = this.newSecret();
    const row = await repo.updateLink(
      this.deps.db,
      id,
      { secretSealed: this.seal(secret) },
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
  async settings(db: DbExecutor = this.deps.db): Promise<CpaSettings> {
    const rates = await repo.rates(db);
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
      ? await this.deps.sessions.hasUsedDevice(this.deps.db, link.userId, client.fingerprint)
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
  async onRegistered(tx: DbExecutor, userId: number, client: ClientContext): Promise<void> {
    const visitor = visitorOf(client);
    if (!visitor) return;
    const now = this.now();
    const hit = await repo.lastHitOf(tx, visitor, new Date(now.getTime() - WINDOW_MS));
    if (!hit || hit.affiliateId === userId) return;
    const self =
      client.fingerprint !== null &&
      (await this.deps.sessions.hasUsedDevice(tx, hit.affiliateId, client.fingerprint));
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
  async onProfileCompleted(userId: number, tx?: DbExecutor): Promise<void> {
    await this.recordConversion(userId, 'fill_profile', tx ? { tx } : {});
  }

  /** The market: a purchase completed (inside its transaction): revenue, and the conversion. */
  async onPurchaseCompleted(tx: DbExecutor, event: PurchaseCompleted): Promise<void> {
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
    options: { tx?: DbExecutor } = {},
  ): Promise<boolean> {
    if (options.tx) return (await this.convert(options.tx, userId, action)) !== false;
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
    const settings = await this.settings(tx);
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
    const ts = Math.floor(now.getTime() / 1000);
    const macros: Record<string, string> = {
      '{uid}': attribution.clickId ?? '',
      '{click_id}': attribution.clickId ?? '',
      '{action}': action,
      '{payout}': unitsToDecimal(BigInt(payout)),
      '{currency}': PAYMENT_CURRENCY,
      '{link_id}': attribution.linkId,
      '{event_id}': String(conversion.id),
      '{ts}': String(ts),
    };
    const url = attribution.callbackUrl.replace(
      /\{(uid|click_id|action|payout|currency|link_id|event_id|ts)\}/g,
      (macro) => encodeURIComponent(macros[macro] ?? ''),
    );
    const body = JSON.stringify({
      event_id: conversion.id,
      action,
      uid: attribution.clickId,
      click_id: attribution.clickId,
      payout: macros['{payout}'],
      payout_units: payout,
      currency: PAYMENT_CURRENCY,
      link_id: attribution.linkId,
      ts,
    });
    const postback = await repo.insertPostback(tx, {
      conversionId: conversion.id,
      linkId: attribution.linkId,
      affiliateId: attribution.affiliateId,
      url,
      body,
      nextAttemptAt: now,
      createdAt: now,
    });
    return this.deps.jobs.enqueue(tx, POSTBACK_JOB, {
      postbackId: postback.id,
      attempt: 1,
    } satisfies PostbackJob);
  }

  // ── Postbacks ──────────────────────────────────────────────────────────────────────────
  /**
   * The queue's handler: one attempt of a postback. An attempt number already made is skipped,
   * so a job that runs twice (a crash after the attempt) calls the receiver once. A failure
   * schedules the next attempt (1 m, 5 m, 30 m, 2 h, 12 h) as a new delayed job; the job
   * itself succeeds, so the queue's own back-off never applies.
   */
  async deliverPostback(payload: unknown): Promise<void> {
    const job = payload as PostbackJob;
    const { db, jobs } = this.deps;
    const postback = await repo.findPostback(db, job.postbackId);
    if (!postback || postback.attempts >= job.attempt) return;
    const link = await repo.findLink(db, postback.linkId);
    const at = this.now();
    const timestamp = Math.floor(at.getTime() / 1000);
    const result = link
      ? await deliver(
          postback.url,
          postback.body,
          {
            'content-type': 'application/json',
            'user-agent': 'MEEET-Postback/1.0',
            'x-meeet-signature': signPostback(
              this.open(link.secretSealed),
              timestamp,
              postback.body,
            ),
            'x-meeet-event-id': String(postback.conversionId),
          },
          this.deps.policy,
          this.deps.postbackTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        )
      : { ok: false, statusCode: null, durationMs: 0, error: 'link deleted' };
    await db.transaction(async (tx) => {
      const current = await repo.lockPostback(tx, postback.id);
      if (!current || current.attempts >= job.attempt) return;
      const delay = POSTBACK_RETRY_DELAYS_MS[job.attempt - 1];
      const retry = !result.ok && link !== undefined && delay !== undefined;
      const nextAttemptAt = retry ? new Date(at.getTime() + delay) : null;
      await repo.recordAttempt(
        tx,
        {
          postbackId: postback.id,
          attempt: job.attempt,
          at,
          ok: result.ok,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error: result.error,
        },
        { status: result.ok ? 'delivered' : retry ? 'pending' : 'failed', nextAttemptAt },
      );
      if (nextAttemptAt) {
        await jobs.enqueue(
          tx,
          POSTBACK_JOB,
          { postbackId: postback.id, attempt: job.attempt + 1 } satisfies PostbackJob,
          { runAt: nextAttemptAt },
        );
      }
    });
    if (!result.ok) {
      this.deps.log.info(
        { postbackId: postback.id, attempt: job.attempt, error: result.error },
        'cpa postback attempt failed',
      );
    }
  }

  async postbacks(
    auth: AuthContext,
    query: { offset: number; limit: number },
  ): Promise<{ items: CpaPostback[]; total: number; offset: number; limit: number }> {
    const page = await repo.postbacksPage(this.deps.db, auth.user.id, query.offset, query.limit);
    return {
      items: page.items.map(({ postback, action }) =>
        this.toPostback(postback, action, page.attempts),
      ),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  private toPostback(
    row: CpaPostbackRow,
    action: string,
    attempts: Awaited<ReturnType<typeof repo.postbacksPage>>['attempts'],
  ): CpaPostback {
    return {
      id: row.id,
      conversionId: row.conversionId,
      linkId: row.linkId,
      action: action as CpaAction,
      url: row.url,
      status: row.status as CpaPostback['status'],
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      attempts: attempts
        .filter((a) => a.postbackId === row.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.at.toISOString(),
          ok: a.ok,
          statusCode: a.statusCode,
          durationMs: a.durationMs,
          error: a.error,
        })),
    };
  }

  /** The resend button: one more attempt now (the next attempt number; the schedule goes on). */
  async resendPostback(auth: AuthContext, id: number): Promise<CpaPostback> {
    const { db, jobs } = this.deps;
    const jobId = await db.transaction(async (tx) => {
      const postback = await repo.lockPostback(tx, id);
      if (!postback || postback.affiliateId !== auth.user.id) throw notFound();
      await repo.setPostbackPending(tx, id, this.now());
      return jobs.enqueue(tx, POSTBACK_JOB, {
        postbackId: id,
        attempt: postback.attempts + 1,
      } satisfies PostbackJob);
    });
    await jobs.runNow(jobId);
    const page = await repo.postbacksPage(db, auth.user.id, 0, 100);
    const found = page.items.find((item) => item.postback.id === id);
    if (!found) throw notFound();
    return this.toPostback(found.postback, found.action, page.attempts);
  }

  // ── Figures ────────────────────────────────────────────────────────────────────────────
  async stats(auth: AuthContext, query: CpaStatsQuery): Promise<CpaStats> {
    const today = startOfUtcDay(this.now());
    const to = query.to ? new Date(`${query.to}T00:00:00Z`) : today;
    const from = query.from
      ? new Date(`${query.from}T00:00:00Z`)
      : new Date(to.getTime() - 29 * DAY_MS);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
    if (days < 1 || days > MAX_STATS_DAYS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, { fields: { from: 'msg.invalid-date' } });
    }
    const links = await repo.allLinksOf(this.deps.db, auth.user.id);
    const ids = links.map((link) => link.id);
    const figures = await repo.figures(this.deps.db, ids, {
      byDay: true,
      from,
      to: new Date(to.getTime() + DAY_MS),
    });
    const totals = emptyTotals();
    const byDay = new Map<string, CpaTotals>();
    const byLink = new Map<string, CpaTotals>();
    for (const row of figures) {
      addTotals(totals, row);
      const day = byDay.get(row.day ?? '') ?? emptyTotals();
      addTotals(day, row);
      byDay.set(row.day ?? '', day);
      const link = byLink.get(row.linkId) ?? emptyTotals();
      addTotals(link, row);
      byLink.set(row.linkId, link);
    }
    return {
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      totals,
      days: Array.from({ length: days }, (_, i) => {
        const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { day, ...(byDay.get(day) ?? emptyTotals()) };
      }),
      links: links
        .filter((link) => link.deletedAt === null || byLink.has(link.id))
        .map((link) => ({
          linkId: link.id,
          name: link.name,
          ...(byLink.get(link.id) ?? emptyTotals()),
        })),
      unpaid: (await repo.unpaidOf(this.deps.db, auth.user.id)).toString(),
    };
  }

  async conversions(
    auth: AuthContext,
    query: CpaConversionsQuery & { offset: number; limit: number },
  ) {
    const page = await repo.conversionsPage(
      this.deps.db,
      auth.user.id,
      query.linkId ?? null,
      query.offset,
      query.limit,
    );
    return {
      items: page.items.map(({ conversion, linkName }) => ({
        id: conversion.id,
        linkId: conversion.linkId,
        linkName,
        action: conversion.action as CpaAction,
        clickId: conversion.clickId,
        payout: conversion.payout,
        flagged: conversion.flagged,
        paid: conversion.payoutId !== null,
        createdAt: conversion.createdAt.toISOString(),
      })),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  // ── Payouts ────────────────────────────────────────────────────────────────────────────
  private async toPayouts(rows: Awaited<ReturnType<typeof repo.payoutsOf>>): Promise<CpaPayout[]> {
    const chain = this.deps.chain.attached ? this.deps.chain.require().chain : null;
    const transactions = await transactionsById(
      this.deps.db,
      chain,
      rows.flatMap((row) => (row.transactionId === null ? [] : [row.transactionId])),
    );
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      amount: row.amount,
      transaction:
        row.transactionId === null ? null : (transactions.get(row.transactionId) ?? null),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Spec §7 GET /cpa/rewards: the caller's payouts and what is still owed. */
  async rewards(auth: AuthContext): Promise<CpaRewards> {
    const { db } = this.deps;
    const [earned, unpaid, rows] = await Promise.all([
      repo.earnedOf(db, auth.user.id),
      repo.unpaidOf(db, auth.user.id),
      repo.payoutsOf(db, auth.user.id),
    ]);
    return {
      earned: earned.toString(),
      paid: (earned - unpaid).toString(),
      unpaid: unpaid.toString(),
      items: await this.toPayouts(rows),
    };
  }

  /**
   * Spec §7 POST /cpa/rewards (admins): pays a partner everything earned and unpaid, as one
   * REWARD transfer from the hot wallet. `amount` must equal that sum (what the admin saw), so
   * a click on a stale screen pays nothing unexpected; the conversions are marked in the same
   * transaction as the REWARD row, so a repeat finds nothing left to pay.
   */
  async pay(auth: AuthContext, input: CpaPayoutRequest): Promise<CpaPayout> {
    const { chain, sender } = this.deps.chain.require();
    const { row, payoutId } = await this.deps.db.transaction(async (tx) => {
      const unpaid = await repo.lockUnpaid(tx, input.userId);
      const amount = unpaid.reduce((sum, c) => sum + BigInt(c.payout), 0n);
      if (amount === 0n)
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'cpa.nothing-to-pay' });
      if (amount !== BigInt(input.amount)) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'cpa.payout-mismatch',
          params: { amount: tokenAmountParam(amount, PAYMENT_CURRENCY) },
          details: { amount: amount.toString() },
        });
      }
      const payout = await repo.insertPayout(tx, {
        userId: input.userId,
        amount: amount.toString(),
        createdBy: auth.user.id,
        createdAt: this.now(),
      });
      const row = await requestHotWalletReward(tx, chain, {
        userId: input.userId,
        amount,
        idempotencyKey: `${CPA_PAYOUT_KEY_PREFIX}${payout.id}`,
      });
      await repo.settlePayout(
        tx,
        payout.id,
        row.id,
        unpaid.map((c) => c.id),
      );
      return { row, payoutId: payout.id };
    });
    try {
      await sender.dispatch(row.id);
    } catch (error) {
      // The REQUESTED row stays; the sender's tracker signs it on its next pass.
      this.deps.log.warn({ err: error, transactionId: row.id }, 'cpa payout dispatch failed');
    }
    const payouts = await repo.payoutsOf(this.deps.db, input.userId);
    const [payout] = await this.toPayouts(payouts.filter((p) => p.id === payoutId));
    if (!payout) throw new Error('payout vanished after commit');
    return payout;
  }

  /**
   * For the wallet's sender, inside its settling transaction: a payout REWARD that did not
   * make it (reverted or refused) gives its conversions back to the next payout.
   */
  async onRewardSettled(tx: DbExecutor, transactionId: number, succeeded: boolean): Promise<void> {
    if (!succeeded) await repo.releasePayout(tx, transactionId);
  }

  // ── Partners (admins) ──────────────────────────────────────────────────────────────────
  async partners(): Promise<{ items: CpaPartner[] }> {
    const { db } = this.deps;
    const [partners, owners, fraud] = await Promise.all([
      repo.partners(db),
      repo.linkOwners(db),
      repo.fraud(db),
    ]);
    const figures = await repo.figures(
      db,
      owners.map((o) => o.id),
      { byDay: false },
    );
    const ownerOf = new Map(owners.map((o) => [o.id, o.userId]));
    const contacts = await userContacts(
      db,
      partners.map((p) => p.userId),
    );
    const items: CpaPartner[] = [];
    for (const partner of partners) {
      const totals = emptyTotals();
      for (const row of figures)
        if (ownerOf.get(row.linkId) === partner.userId) addTotals(totals, row);
      const signals = fraud.find((f) => f.userId === partner.userId);
      const contact = contacts.get(partner.userId);
      items.push({
        userId: partner.userId,
        email: contact?.email ?? null,
        nickname: contact?.nickname ?? null,
        level: partner.level as CpaLevel,
        links: partner.links,
        totals,
        unpaid: (BigInt(totals.profit) - BigInt(totals.paid)).toString(),
        fraud: {
          selfHits: signals?.selfHits ?? 0,
          sharedDeviceRegs: signals?.sharedDeviceRegs ?? 0,
          flaggedConversions: signals?.flaggedConversions ?? 0,
        },
      });
    }
    return { items };
  }

  async setPartnerLevel(
    userId: number,
    level: CpaLevel,
  ): Promise<{ userId: number; level: CpaLevel }> {
    await repo.setLevel(this.deps.db, userId, level, this.now());
    return { userId, level };
  }
}
