import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { Registry } from 'prom-client';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { AppConfig } from './config.ts';
import { trustProxyOption } from './config-values.ts';
import { createPool } from './db/client.ts';
import { feedbackPlugin } from './modules/feedback/feedback.plugin.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { businessPlugin } from './modules/business/business.plugin.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { adsPlugin } from './modules/ads/ads.plugin.ts';
import { campaignsPlugin } from './modules/ads/campaigns.plugin.ts';
import { campaignsRoutes } from './modules/ads/campaigns.routes.ts';
import { reviewRulesRoutes } from './modules/ads/review-rules.routes.ts';
import { codesPlugin } from './modules/codes/codes.plugin.ts';
import { kycPlugin } from './modules/kyc/kyc.plugin.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { marketEventsPlugin } from './modules/market/market-events.ts';
import { marketPlugin } from './modules/market/market.plugin.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { tokenArtPlugin } from './modules/market/token-art.plugin.ts';
import { tokenArtRoutes } from './modules/market/token-art.routes.ts';
import { mediaPlugin } from './modules/media/media.plugin.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { newsPlugin } from './modules/news/news.plugin.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { httpStats } from './modules/monitor/http-stats.ts';
import { monitorPlugin } from './modules/monitor/monitor.plugin.ts';
import { monitorRoutes } from './modules/monitor/monitor.routes.ts';
import { meetPlugin } from './modules/meet/meet.plugin.ts';
import { meetRoutes } from './modules/meet/meet.routes.ts';
import { presencePlugin } from './modules/meet/presence.plugin.ts';
import { bansPlugin } from './modules/meet/bans.plugin.ts';
import { staffPlugin } from './modules/staff/staff.plugin.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { moderatorsRoutes } from './modules/staff/moderators.routes.ts';
import { devicesPlugin } from './modules/devices/devices.plugin.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { meetingEventsPlugin } from './modules/meetings/meetings-events.ts';
import { meetingsPlugin } from './modules/meetings/meetings.plugin.ts';
import { meetingsRoutes } from './modules/meetings/meetings.routes.ts';
import { referralPlugin } from './modules/referral/referral.plugin.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { cpaPlugin, type CpaPluginOptions } from './modules/cpa/cpa.plugin.ts';
import { cpaRoutes } from './modules/cpa/cpa.routes.ts';
import { personalDataPlugin } from './plugins/personal-data.ts';
import { accountPlugin } from './modules/users/account.plugin.ts';
import { accountRoutes } from './modules/users/account.routes.ts';
import { applePlugin } from './modules/users/apple.plugin.ts';
import { usersPlugin } from './modules/users/users.plugin.ts';
import { factorsPlugin } from './modules/factors/factors.plugin.ts';
import { factorsRoutes } from './modules/factors/factors.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { securityEventsPlugin } from './modules/security/security.plugin.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { pushPlugin } from './modules/push/push.plugin.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import type { PushProvider } from './modules/push/push.provider.ts';
import type { Chain } from './modules/chain/chain.client.ts';
import { walletPlugin, type WalletServiceCodes } from './modules/wallet/wallet.plugin.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { addressBookRoutes } from './modules/wallet/address-book.routes.ts';
import { chainRuntimePlugin } from './plugins/chain.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { drainPlugin } from './plugins/drain.ts';
import { clientErrorHandler, errorHandlerPlugin, handleError } from './plugins/error-handler.ts';
import { healthChecksPlugin } from './plugins/health-checks.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { limitersPlugin } from './plugins/limiters.ts';
import { mailPlugin } from './plugins/mail.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { processMetricsPlugin } from './plugins/process-metrics.ts';
import { redisPlugin } from './plugins/redis.ts';
import {
  generateRequestId,
  REQUEST_ID_HEADER,
  requestContextPlugin,
} from './plugins/request-context.ts';
import { securityPlugin } from './plugins/security.ts';
import { validatorWithTextRule } from './plugins/validation.ts';
import { socketPlugin } from './plugins/socket.ts';
import { realtimeEventsPlugin } from './plugins/realtime-events.ts';
import type { EventBudgets } from './plugins/realtime-budgets.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { webPagesPlugin } from './plugins/web-pages.ts';

/** JSON bodies are small forms; file uploads raise their own limit on their route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  /** The pool the app uses and ends on close; by default one is opened to DATABASE_URL. */
  pool?: pg.Pool;
  /** The chain, when it is known at build time (tests); the server attaches it after start-up. */
  chain?: Chain;
  /** Replaces the mailed withdrawal codes (tests that drive many withdrawals at once). */
  withdrawalCodes?: WalletServiceCodes;
  /** Tests: runs between a meeting mint's chain send and its record (a crash there). */
  afterMintSent?: (meetingId: number) => void | Promise<void>;
  /** Tests: the meetings' clock (epoch ms), so a 20-minute meeting is played in an instant. */
  meetingsClock?: () => number;
  /** The affiliate programme's clock and resolver (tests). */
  cpa?: Pick<CpaPluginOptions, 'now' | 'resolve'>;
  /** Tests: client event budgets other than the app's (a test that sends many on purpose). */
  realtimeBudgets?: EventBudgets;
  /** Tests: the push provider (a fake APNs server with its own certificate). */
  pushProvider?: PushProvider;
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.accesskey',
        'headers.authorization',
        'password',
        '*.password',
        '*.*.password',
        'accessKey',
        '*.accessKey',
      ],
      censor: '[redacted]',
    },
    // Humans read development logs in a terminal; everything else reads JSON lines.
    ...(config.nodeEnv === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

function createServer(config: AppConfig) {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: generateRequestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: config.requestTimeoutMs,
    // Node reads the request timeout when the server is made, and enforces it on this tick (by
    // default every 30 s, which would let a short bound slip).
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    // Requests Fastify rejects before routing (a malformed URL) get the same error body; no
    // hook has run for them, so the locale is English and the id header is set here.
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      return handleError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // An error the listening server meets after it listens (no file descriptor left to accept a
  // connection, EMFILE) is the machine's state, not a reason to exit: libuv keeps accepting
  // once descriptors free up. Without a listener Node would throw it and end the process.
  app.server.on('error', (error) => app.log.error({ err: error }, 'http server error'));

  app.setValidatorCompiler(validatorWithTextRule);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

type Server = ReturnType<typeof createServer>;

/** Framework, cross-cutting and infrastructure plugins, in the order they need each other. */
async function registerInfrastructure(
  app: Server,
  config: AppConfig,
  pool: pg.Pool,
  deps: AppDeps,
): Promise<void> {
  await app.register(requestContextPlugin);
  // First, so every request (refusals and not-founds too) is timed for the monitor.
  await app.register(httpStats, { registry: new Registry() });
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(healthChecksPlugin);
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  // Off by default: routes that need a limit (login, codes sent by mail) opt in through
  // `config: { rateLimit: { max, timeWindow } }`. With Redis every process counts together.
  await app.register(rateLimit, {
    global: false,
    // While Redis is away a route's limit is skipped, not turned into a 500 (docs/decisions.md).
    ...(app.redis ? { redis: app.redis, nameSpace: 'meeet:rate-limit:', skipOnError: true } : {}),
  });
  await app.register(limitersPlugin);
  await app.register(webPagesPlugin);
  await app.register(openapiPlugin, { config });
  await app.register(dbPlugin, { pool });
  await app.register(authPlugin, { config });
  await app.register(jobsPlugin);
  await app.register(mailPlugin, { config });
  await app.register(socketPlugin);
  await app.register(processMetricsPlugin, { pool });
  await app.register(drainPlugin);
  await app.register(
    realtimeEventsPlugin,
    deps.realtimeBudgets ? { budgets: deps.realtimeBudgets } : {},
  );
  await app.register(pushPlugin, {
    config,
    ...(deps.pushProvider ? { provider: deps.pushProvider } : {}),
  });
  await app.register(chainRuntimePlugin, deps.chain ? { chain: deps.chain } : {});
  await app.register(marketEventsPlugin);
}

/**
 * The modules' services, each built once here in the order they use each other; routes only
 * route (docs/decisions.md, "One composition root: a service plugin per module").
 */
async function registerServices(app: Server, config: AppConfig, deps: AppDeps): Promise<void> {
  await app.register(codesPlugin);
  await app.register(walletPlugin, {
    holdMs: config.chain.withdrawalHoldMs,
    ...(deps.withdrawalCodes ? { codes: deps.withdrawalCodes } : {}),
  });
  await app.register(securityEventsPlugin, { config });
  await app.register(marketPlugin);
  await app.register(presencePlugin, { config });
  await app.register(bansPlugin);
  await app.register(meetingEventsPlugin);
  await app.register(devicesPlugin, { config });
  await app.register(meetingsPlugin, {
    config,
    ...(deps.afterMintSent ? { afterMintSent: deps.afterMintSent } : {}),
    ...(deps.meetingsClock ? { now: deps.meetingsClock } : {}),
  });
  await app.register(cpaPlugin, { config, ...deps.cpa });
  await app.register(referralPlugin);
  await app.register(factorsPlugin, { config });
  await app.register(usersPlugin, { config });
  await app.register(accountPlugin, { config });
  await app.register(personalDataPlugin, { config });
  await app.register(meetPlugin, { config });
  await app.register(businessPlugin);
  await app.register(campaignsPlugin);
  await app.register(applePlugin, { config });
  await app.register(feedbackPlugin, { config });
  await app.register(mediaPlugin, { config });
  await app.register(kycPlugin);
  await app.register(tokenArtPlugin, { config });
  await app.register(adsPlugin);
  await app.register(staffPlugin);
  // Their pollers start on ready and stop on close in this order (news, then the monitor).
  await app.register(newsPlugin);
  await app.register(monitorPlugin, { config });
}

/** The domain modules' routes, under `/api`. */
async function apiRoutes(api: Server, config: AppConfig): Promise<void> {
  await api.register(healthRoutes);
  await api.register(usersRoutes, { config });
  await api.register(accountRoutes, { config });
  await api.register(factorsRoutes, { config });
  await api.register(feedbackRoutes, { config });
  await api.register(walletRoutes, { config });
  await api.register(addressBookRoutes, { config });
  await api.register(mediaRoutes, { config });
  await api.register(kycRoutes);
  await api.register(marketRoutes);
  await api.register(tokenArtRoutes);
  await api.register(newsRoutes);
  await api.register(monitorRoutes, { config });
  await api.register(meetRoutes);
  await api.register(devicesRoutes);
  await api.register(meetingsRoutes);
  await api.register(adsRoutes);
  await api.register(campaignsRoutes);
  await api.register(reviewRulesRoutes);
  await api.register(referralRoutes, { config });
  await api.register(cpaRoutes);
  await api.register(pushRoutes);
  await api.register(staffRoutes);
  await api.register(moderatorsRoutes);
  await api.register(businessRoutes);
  await api.register(securityRoutes, { config });
}

/**
 * The whole HTTP application: plugins first (framework, cross-cutting, infrastructure), then
 * the domain modules under `/api`, then the web app and the not-found answer. It never
 * listens, so tests build exactly the app that runs and drive it with `app.inject`.
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}) {
  const pool =
    deps.pool ??
    (config.databaseUrl
      ? createPool(config.databaseUrl, config.databasePoolMax, config.databaseTimeouts)
      : undefined);
  if (!pool) throw new Error('buildApp needs a pool or config.databaseUrl');

  const app = createServer(config);
  await registerInfrastructure(app, config, pool, deps);
  await registerServices(app, config, deps);
  await app.register(async (api) => apiRoutes(api, config), { prefix: '/api' });
  await app.register(webAppPlugin, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
