import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { AppError, ErrorCode, errorBodySchema } from '@meeet/core/api/errors';
import {
  buyNftRequestSchema,
  buyNftResponseSchema,
  leaveQueueRequestSchema,
  leaveQueueResponseSchema,
  marketNftParamsSchema,
  marketNftResponseSchema,
  marketResponseSchema,
  mintStockRequestSchema,
  mintStockResponseSchema,
} from '@meeet/core/api/market';
import { marketPaths } from '@meeet/core/api/market-paths';
import { Role } from '@meeet/core/roles';
import { webRoutes } from '@meeet/core/web/routes';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotencyHeaders } from '../wallet/idempotency-headers.ts';

const tags = ['market'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What anyone may read: the market, a token, and a token page's head. */
function readRoutes(app: App): void {
  const { market } = app;

  // `/market/token/999999` (or not a number) answers 404 to a browser; a token's page carries
  // its name in the head, so a shared link previews as "Silver #12".
  app.webPageChecks.set(webRoutes.marketToken, async ({ id }) => {
    const parsed = marketNftParamsSchema.safeParse({ id });
    if (!parsed.success) return false;
    try {
      const name = await market.tokenName(parsed.data.id);
      return name === null ? false : { title: name };
    } catch {
      // No chain to ask right now: the page is shown, and says so itself.
      return true;
    }
  });

  const open = publicRouteOptions(tags);

  app.get(
    marketPaths.market,
    open('Per level: price, stock, queue; for a signed-in caller also their state', {
      response: { 200: marketResponseSchema },
    }),
    async (request) => market.overview(await request.authenticate()),
  );

  app.get(
    '/crypto/market/nft/:id',
    open('One token: level, name, generators, owner', {
      params: marketNftParamsSchema,
      response: { 200: marketNftResponseSchema, 404: errorBodySchema },
    }),
    async (request) => market.nft(await request.authenticate(), request.params.id),
  );
}

/** Spec §8: a guest is told to log in to buy ('Please Log in for buy NFT'). */
const loginToBuy: onRequestAsyncHookHandler = async (request) => {
  if (!(await request.authenticate())) {
    throw new AppError(ErrorCode.TOKEN_INVALID, { messageKey: 'market.login-to-buy' });
  }
};

/** What a signed-in buyer orders: a purchase, or leaving a level's queue. */
function orderRoutes(app: App): void {
  const { market } = app;

  const signedIn = routeOptions(tags, app.requireAuth);

  const buyer = routeOptions(tags, loginToBuy);

  app.post(
    marketPaths.buy,
    buyer('Buy a token of a level (approve + buy); out of stock, join the queue prepaid', {
      headers: idempotencyHeaders,
      body: buyNftRequestSchema,
      response: {
        202: buyNftResponseSchema,
        403: errorBodySchema,
        409: errorBodySchema,
        422: errorBodySchema,
      },
    }),
    async (request, reply) => {
      const { status, body } = await market.buy(
        authOf(request),
        request.body.level,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.code(status).send(body);
    },
  );

  app.post(
    marketPaths.leaveQueue,
    signedIn('Leave the queue of a level; the prepayment is refunded by the contract', {
      headers: idempotencyHeaders,
      body: leaveQueueRequestSchema,
      response: { 202: leaveQueueResponseSchema, 409: errorBodySchema, 422: errorBodySchema },
    }),
    async (request, reply) => {
      const { status, body } = await market.leaveQueue(
        authOf(request),
        request.body.level,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.code(status).send(body);
    },
  );
}

/** The marketplace calls of spec §7. Routes only translate HTTP. */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  readRoutes(app);
  orderRoutes(app);

  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.post(
    marketPaths.mint,
    admin('Admin: mint genesis stock of a level into the market (hot wallet minter)', {
      body: mintStockRequestSchema,
      response: { 200: mintStockResponseSchema },
    }),
    (request) => app.market.mintStock(request.auth, request.body.level, request.body.count),
  );
};
