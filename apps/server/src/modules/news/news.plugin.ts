import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newsIdParamsSchema } from '@meeet/core/api/news';
import { webRoutes } from '@meeet/core/web/routes';
import { Poller } from '../../lib/poller.ts';
import { onlineUserIds, userRoom } from '../../plugins/socket.ts';
import { NewsService } from './news.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** News, built once: its routes and the announcer of scheduled items use it. */
    news: NewsService;
  }
}

const MAX_ID = 2_147_483_647;

/** How often scheduled items are looked for; a news push a few seconds late is fine. */
const ANNOUNCE_EVERY_MS = 5_000;

/** The news service, the 404 check of a news page, and the announcer of scheduled items. */
async function news(app: FastifyInstance): Promise<void> {
  const news = new NewsService({
    db: app.db,
    onlineUserIds: () => onlineUserIds(app.io),
    notify: (userId, payload) => app.io.to(userRoom(userId)).emit('notification', payload),
    push: app.push,
  });
  app.decorate('news', news);

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
}

export const newsPlugin = fp(news, {
  name: 'news',
  dependencies: ['db', 'socket', 'push', 'web-pages'],
});
