import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cryptoInfoResponseSchema,
  devFundRequestSchema,
  devFundResponseSchema,
  feeResponseSchema,
  transactionIdParamsSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionSchema,
  walletResponseSchema,
  withdrawCodeSentSchema,
  withdrawRequestSchema,
  withdrawSubmittedSchema,
} from '@meeet/core/api/crypto';
import { cryptoPaths, IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { HttpRequestError, TimeoutError } from 'viem';
import { AppError, ErrorCode, errorBodySchema } from '@meeet/core/api/errors';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';
import { handleError } from '../../plugins/error-handler.ts';
import { factorHeader } from '../../plugins/factor-header.ts';
import { idempotencyHeaders } from './idempotency-headers.ts';

const tags = ['crypto'];
const MINUTE = 60_000;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Every /crypto call of spec §7 except the market's. Routes only translate HTTP. */
export const walletRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  // A deposit on its way refreshes the wallet quietly; "received" is said once it is final.
  app.chain.describe('INPUT', (row) =>
    row.status === 'PROCESSING'
      ? null
      : row.status === 'CANCELED'
        ? { key: 'wallet.deposit-dropped' }
        : undefined,
  );

  // A node that does not answer is a temporary outage (503), not a bug of ours (500).
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpRequestError || error instanceof TimeoutError) {
      request.log.warn({ err: error }, 'chain node unreachable');
      return handleError(new AppError(ErrorCode.SERVICE_UNAVAILABLE), request, reply);
    }
    return handleError(error instanceof Error ? error : new Error(String(error)), request, reply);
  });

  readRoutes(app);
  moneyRoutes(app, config);
};

/** What the wallet shows: chain facts, the fee, the caller's wallet and transactions. */
function readRoutes(app: App): void {
  const { wallet } = app;
  const open = publicRouteOptions(tags);
  const signedIn = routeOptions(tags, app.requireAuth);

  app.get(
    cryptoPaths.info,
    open('Chain facts: network, chain id, symbols, decimals, contracts, explorer', {
      response: { 200: cryptoInfoResponseSchema },
    }),
    () => wallet.info(),
  );

  app.get(
    cryptoPaths.fee,
    open('The BNB fee of a USDT transfer now (wei)', { response: { 200: feeResponseSchema } }),
    () => wallet.fee(),
  );

  app.get(
    cryptoPaths.wallet,
    signedIn("The caller's wallet: address, balances, withdrawable amount, fee, tokens", {
      response: { 200: walletResponseSchema },
    }),
    (request) => wallet.wallet(authOf(request)),
  );

  app.get(
    cryptoPaths.transactions,
    signedIn("The caller's transactions, newest first", {
      querystring: transactionListQuerySchema,
      response: { 200: transactionListResponseSchema },
    }),
    (request) => wallet.transactions(authOf(request), request.query),
  );

  app.get(
    '/crypto/transaction/:id',
    signedIn("One of the caller's transactions (404 for anyone else's)", {
      params: transactionIdParamsSchema,
      response: { 200: transactionSchema },
    }),
    (request) => wallet.transaction(authOf(request), request.params.id),
  );
}

/** What moves money: a withdrawal (mailed code, then the send) and development funding. */
function moneyRoutes(app: App, config: AppConfig): void {
  const { wallet } = app;
  const authLimit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };
  const signedIn = routeOptions(tags, app.requireAuth);
  const signedInLimited = routeOptions(tags, app.requireAuth, { config: authLimit });

  app.post(
    cryptoPaths.withdraw,
    signedInLimited(
      'Withdraw USDT: without `code` mails a code (200); with `code` and an Idempotency-Key sends (202)',
      {
        headers: idempotencyHeaders,
        body: withdrawRequestSchema,
        response: {
          200: withdrawCodeSentSchema,
          202: withdrawSubmittedSchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    ),
    async (request, reply) => {
      // The sending step (with the mailed code) needs the second factor of a user who has one.
      if (request.body.code !== undefined) {
        await app.factors.assertFactor(authOf(request).user.id, factorHeader(request));
      }
      const { status, body } = await wallet.withdraw(
        authOf(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.locale,
      );
      return reply.code(status).send(body as never);
    },
  );

  app.post(
    cryptoPaths.devFund,
    signedIn('Development chain only: mint test USDT and send BNB to the caller', {
      body: devFundRequestSchema,
      response: { 200: devFundResponseSchema },
    }),
    (request) => wallet.devFund(authOf(request), request.body ?? {}),
  );
}
