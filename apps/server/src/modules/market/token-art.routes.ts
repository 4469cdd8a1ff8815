import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@meeet/core/api/errors';
import {
  tokenIdParamsSchema,
  tokenImageParamsSchema,
  tokenMetadataSchema,
} from '@meeet/core/api/token';
import { publicRouteOptions } from '../../lib/route-options.ts';

const tags = ['market'];
/** What the chain fixes at mint never changes: clients and CDNs keep the answer for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** Public and unauthenticated: enough for a page full of tokens, not for scraping the chain. */
const limit = { rateLimit: { max: 600, timeWindow: 60_000 } };

/**
 * A token's metadata (the token contract's `tokenURI` = PUBLIC_URL/api/market/tokens/ + id)
 * and its art, both public (core api/token-paths.ts).
 */
export const tokenArtRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = app.tokenArt;

  const openLimited = publicRouteOptions(tags, { config: limit });

  app.get(
    '/market/tokens/:id',
    openLimited('ERC-721 metadata of a token: name, description, image, attributes', {
      params: tokenIdParamsSchema,
      response: { 200: tokenMetadataSchema, 404: errorBodySchema },
    }),
    async (request, reply) => {
      const metadata = await tokens.metadata(request.params.id);
      return reply.header('cache-control', FOREVER).send(metadata);
    },
  );

  app.get(
    '/market/tokens/:id/image.svg',
    openLimited('The token art (SVG), drawn from its level, id and generators', {
      params: tokenImageParamsSchema,
      produces: ['image/svg+xml'],
    }),
    async (request, reply) => {
      const svg = await tokens.image(request.params.id);
      return (
        reply
          .header('cache-control', FOREVER)
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own runs no script and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .type('image/svg+xml; charset=utf-8')
          .send(svg)
      );
    },
  );
};
