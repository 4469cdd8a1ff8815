import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cpaLinkIdSchema } from '@meeet/core/api/cpa';
import { HTTP_HEADERS } from '@meeet/core/constants';
import type { AppConfig } from '../../config.ts';
import { clientContext } from '../../plugins/auth.ts';
import { CPA_PAYOUT_KEY_PREFIX, CpaService, POSTBACK_JOB, visitorOf } from './cpa.service.ts';
import { systemResolver, type Resolver } from './postback-target.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The affiliate programme; other modules report conversions through it. */
    cpa: CpaService;
  }
}

export interface CpaPluginOptions {
  config: AppConfig;
  /** Tests: a controlled clock and a resolver that needs no DNS. */
  now?: () => Date;
  resolve?: Resolver;
}

/** A click id is the affiliate's own value: printable ASCII, bounded. */
const CLICK_ID = /^[\x21-\x7e]{1,128}$/;
/** The same visitor and link are looked at once a minute at most per process. */
const TRACK_THROTTLE_MS = 60_000;
const THROTTLE_MAX_KEYS = 10_000;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The affiliate programme as an app-wide service (`app.cpa`): the postback job, the market's
 * purchase events, and the tracking of every API request that carries `x-cpa-link-id` (spec
 * §7: the web app sends it, with `x-uid`, on every call while the attribution lasts).
 */
async function cpa(app: FastifyInstance, options: CpaPluginOptions): Promise<void> {
  const { config } = options;
  const service = new CpaService({
    db: app.db,
    jobs: app.jobs,
    sessions: app.sessions,
    chain: app.chain,
    log: app.log,
    sealKey: app.tokens.deriveKey('cpa-postback-secrets'),
    policy: {
      resolve: options.resolve ?? systemResolver,
      allowPrivate: config.nodeEnv === 'development',
      allowList: config.cpa.postbackAllow,
    },
    postbackTimeoutMs: config.cpa.postbackTimeoutMs,
    ...(options.now ? { now: options.now } : {}),
  });
  const now = options.now ?? (() => new Date());
  app.decorate('cpa', service);
  app.jobs.register(POSTBACK_JOB, (payload) => service.deliverPostback(payload));
  app.marketEvents.onPurchaseCompleted((tx, event) => service.onPurchaseCompleted(tx, event));
  // first_meet commits with the mint that earned it; its postback leaves on the queue's next pass.
  app.meetingEvents.onFirstMeet(async (tx, event) => {
    await service.recordConversion(event.userId, 'first_meet', { tx });
  });
  app.chain.interpret('REWARD', async (tx, row, receipt) => {
    const paid = receipt !== null && receipt.status === 'success';
    await service.onRewardSettled(tx, row.id, paid);
    return null;
  });
  // A partner's payout is told in the affiliate's words, not the referral programme's.
  app.chain.describe('REWARD', (row) => {
    if (!row.idempotencyKey?.startsWith(CPA_PAYOUT_KEY_PREFIX)) return undefined;
    return row.status === 'CONFIRMED' ? { key: 'cpa.payout-paid' } : null;
  });

  const seen = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    const linkId = header(request.headers[HTTP_HEADERS.CPA_LINK_ID]);
    if (!linkId || !request.url.startsWith('/api/')) return;
    if (!cpaLinkIdSchema.safeParse(linkId).success) return;
    const rawClick = header(request.headers[HTTP_HEADERS.CPA_UID]);
    const clickId = rawClick && CLICK_ID.test(rawClick) ? rawClick : null;
    const client = clientContext(request);
    const key = `${linkId} ${visitorOf(client) ?? '-'} ${clickId ?? ''}`;
    const at = now().getTime();
    const last = seen.get(key);
    if (last !== undefined && at - last >= 0 && at - last < TRACK_THROTTLE_MS) return;
    try {
      await service.track(linkId, clickId, client);
      if (seen.size >= THROTTLE_MAX_KEYS) seen.clear();
      seen.set(key, at);
    } catch (error) {
      // Counting a hit never fails the request it rode on.
      request.log.warn({ err: error }, 'cpa hit not recorded');
    }
  });
}

export const cpaPlugin = fp(cpa, {
  name: 'cpa',
  dependencies: ['db', 'auth', 'jobs', 'chain', 'market-events'],
});
