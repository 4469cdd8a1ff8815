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
import { webRoutes } from '@meeet/core/web/routes';
import { publicRouteOptions, routeOptions } from '../../lib/route-options.ts';
import { Poller } from '../../lib/poller.ts';
import { authOf } from '../../plugins/auth.ts';
import { onlineUserIds, userRoom } from '../../plugins/socket.ts';
import { NewsService } from './news.service.ts';

const tags = ['news'];

const MAX_ID = 2_147_483_647;

/** How often scheduled items are looked for; a news push a few seconds late is fine. */
const ANNOUNCE_EVERY_MS = 5_000;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The news service, the 404 check of a news page, and the announcer of scheduled items. */
function startNews(app: App): NewsService {
  const news = new NewsService({
    db: app.db,
    onlineUserIds: () => onlineUserIds(app.io),
    notify: (userId, payload) => app.io.to(userRoom(userId)).emit('notification', payload),
    push: app.push,
  });

  // `/news/999999` (or a draft, or not a number) answers 404 to a browser, like an unknown path.
  app.webPageChecks.set(webRoutes.news.item, async ({ id }) => {
    const parsed = newsIdParamsSchema.safeParse({ id });
    // Beyond a Postgres integer no row can have the id (and the query would fail).
    return parsed.success && parsed.data.id <= MAX_ID && (await news.exists(parsed.data.id));
  });

  const announcer = new Poller(
    'news announcer pass',
    () => news.announceDue(),
    ANNOUNCE_EVERY_MS,
    app.log,
  );
  app.addHook('onReady', async () => announcer.start());
  app.addHook('preClose', () => announcer.stop());
  return news;
}

/** News (spec §3, §7 /notif/news/): admins write; everyone reads what is published. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const news = startNews(app);

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
