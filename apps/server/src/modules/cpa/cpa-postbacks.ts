import type { FastifyBaseLogger } from 'fastify';
import type { CpaAction, CpaPostback } from '@meeet/core/api/cpa';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { PAYMENT_CURRENCY } from '@meeet/core/constants';
import { unitsToDecimal } from '@meeet/core/rules/amount';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { openSecret, signPostback } from './cpa-signing.ts';
import { cpaRepository as repo } from './cpa.repository.ts';
import type { CpaPostbackRow } from './cpa.schema.ts';
import { deliver, type DeliveryResult, type TargetPolicy } from './postback-target.ts';

/** Waits before automatic attempts 2…6 of a postback: 1 m, 5 m, 30 m, 2 h, 12 h. */
export const POSTBACK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];
export const POSTBACK_JOB = 'cpa.postback';
const DEFAULT_TIMEOUT_MS = 5_000;

interface PostbackJob {
  postbackId: number;
  attempt: number;
}

export interface CpaPostbacksDeps {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** 32 bytes that seal the postback secrets at rest. */
  sealKey: Buffer;
  policy: TargetPolicy;
  postbackTimeoutMs?: number;
  now: () => Date;
}

/** A conversion the partner is told of: its link, the click it came by, what it pays. */
export interface PostbackConversion {
  conversionId: number;
  linkId: string;
  affiliateId: number;
  callbackUrl: string;
  clickId: string | null;
  action: CpaAction;
  /** In token units. */
  payout: string;
  at: Date;
}

type PostbackAttempts = Awaited<ReturnType<typeof repo.postbacksPage>>['attempts'];

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/**
 * Postbacks: the partner's callback of a conversion, signed with the link's secret and
 * delivered through the durable job queue, retried on a schedule, listed and resent from the
 * cabinet.
 */
export class CpaPostbacks {
  constructor(private readonly deps: CpaPostbacksDeps) {}

  /** Queues the postback of a conversion (inside its transaction); answers the job's id. */
  async enqueue(tx: DbExecutor, conversion: PostbackConversion): Promise<number> {
    const { clickId, action, payout, linkId } = conversion;
    const ts = Math.floor(conversion.at.getTime() / 1000);
    const macros: Record<string, string> = {
      '{uid}': clickId ?? '',
      '{click_id}': clickId ?? '',
      '{action}': action,
      '{payout}': unitsToDecimal(BigInt(payout)),
      '{currency}': PAYMENT_CURRENCY,
      '{link_id}': linkId,
      '{event_id}': String(conversion.conversionId),
      '{ts}': String(ts),
    };
    const url = conversion.callbackUrl.replace(
      /\{(uid|click_id|action|payout|currency|link_id|event_id|ts)\}/g,
      (macro) => encodeURIComponent(macros[macro] ?? ''),
    );
    const body = JSON.stringify({
      event_id: conversion.conversionId,
      action,
      uid: clickId,
      click_id: clickId,
      payout: macros['{payout}'],
      payout_units: payout,
      currency: PAYMENT_CURRENCY,
      link_id: linkId,
      ts,
    });
    const postback = await repo.insertPostback(tx, {
      conversionId: conversion.conversionId,
      linkId,
      affiliateId: conversion.affiliateId,
      url,
      body,
      nextAttemptAt: conversion.at,
      createdAt: conversion.at,
    });
    return this.deps.jobs.enqueue(txOf(tx), POSTBACK_JOB, {
      postbackId: postback.id,
      attempt: 1,
    } satisfies PostbackJob);
  }

  /**
   * The queue's handler: one attempt of a postback. An attempt number already made is skipped,
   * so a job that runs twice (a crash after the attempt) calls the receiver once. A failure
   * schedules the next attempt (1 m, 5 m, 30 m, 2 h, 12 h) as a new delayed job; the job
   * itself succeeds, so the queue's own back-off never applies.
   */
  async deliver(payload: unknown): Promise<void> {
    const job = payload as PostbackJob;
    const { db } = this.deps;
    const postback = await repo.findPostback(db, job.postbackId);
    if (!postback || postback.attempts >= job.attempt) return;
    const link = await repo.findLink(db, postback.linkId);
    const at = this.deps.now();
    const timestamp = Math.floor(at.getTime() / 1000);
    const result: DeliveryResult = link
      ? await deliver(
          postback.url,
          postback.body,
          {
            'content-type': 'application/json',
            'user-agent': 'MEEET-Postback/1.0',
            'x-meeet-signature': signPostback(
              openSecret(this.deps.sealKey, link.secretSealed),
              timestamp,
              postback.body,
            ),
            'x-meeet-event-id': String(postback.conversionId),
          },
          this.deps.policy,
          this.deps.postbackTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        )
      : { ok: false, statusCode: null, durationMs: 0, error: 'link deleted' };
    await this.recordAttempt(job, postback.id, at, result, link !== undefined);
    if (!result.ok) {
      this.deps.log.info(
        { postbackId: postback.id, attempt: job.attempt, error: result.error },
        'cpa postback attempt failed',
      );
    }
  }

  /** The attempt recorded once, and the next one scheduled when it failed and may retry. */
  private async recordAttempt(
    job: PostbackJob,
    postbackId: number,
    at: Date,
    result: DeliveryResult,
    linkExists: boolean,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const current = await repo.lockPostback(tx, postbackId);
      if (!current || current.attempts >= job.attempt) return;
      const delay = POSTBACK_RETRY_DELAYS_MS[job.attempt - 1];
      const retry = !result.ok && linkExists && delay !== undefined;
      const nextAttemptAt = retry ? new Date(at.getTime() + delay) : null;
      await repo.recordAttempt(
        tx,
        {
          postbackId,
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
        await this.deps.jobs.enqueue(
          txOf(tx),
          POSTBACK_JOB,
          { postbackId, attempt: job.attempt + 1 } satisfies PostbackJob,
          { runAt: nextAttemptAt },
        );
      }
    });
  }

  async list(
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

  private toPostback(row: CpaPostbackRow, action: string, attempts: PostbackAttempts): CpaPostback {
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
  async resend(auth: AuthContext, id: number): Promise<CpaPostback> {
    const { db, jobs } = this.deps;
    const jobId = await db.transaction(async (tx) => {
      const postback = await repo.lockPostback(tx, id);
      if (!postback || postback.affiliateId !== auth.user.id) throw notFound();
      await repo.setPostbackPending(tx, id, this.deps.now());
      return jobs.enqueue(txOf(tx), POSTBACK_JOB, {
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
}
