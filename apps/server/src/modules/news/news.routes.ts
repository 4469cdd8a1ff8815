import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newsIdParamsSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsListSchema,
  newsSaveRequestSchema,
} from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { Role } from '@meeet/core/roles';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['news'];

/** News (spec §3, §7 /notif/news/): admins write; everyone reads what is published. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { news } = app;

  const open = publicRouteOptions(tags);
  const admin = routeOptions(tags, app.requireRole(Role.ADMIN));

  app.get(
    newsPaths.list,
    open('News, newest first: published for everyone; admins may ask for all or by status', {
      querystring: newsListQuerySchema,
      response: { 200: newsListSchema },
    }),
    async (request) => news.list(await request.authenticate(), request.query),
  );

  app.get(
    '/notif/news/:id',
    open('One news item (drafts and scheduled ones for admins only)', {
      params: newsIdParamsSchema,
      response: { 200: newsItemSchema },
    }),
    async (request) => news.get(await request.authenticate(), request.params.id),
  );

  app.post(
    newsPaths.save,
    admin('Create a news item, or update it when the body has an id (admins)', {
      body: newsSaveRequestSchema,
      response: { 200: newsItemSchema },
    }),
    (request) => news.save(authOf(request), request.body),
  );

  app.delete(
    '/notif/news/:id',
    admin('Delete a news item (admins)', {
      params: newsIdParamsSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await news.remove(authOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
