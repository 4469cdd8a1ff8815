import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { NewsItem, NewsList, NewsListQuery, NewsSaveRequest } from '@meeet/core/api/news';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { MediaAlbum, type NewsStatus } from '@meeet/core/enums';
import { translate } from '@meeet/core/i18n/translate';
import { hasRole, Role } from '@meeet/core/roles';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { isMediaOfAlbum } from '../media/media.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { newsPush } from '../push/push.texts.ts';
import type { PushNotifier } from '../push/push.service.ts';
import { userLocales } from '../users/users.service.ts';
import { newsRepository } from './news.repository.ts';
import type { NewsRow } from './news.schema.ts';

export interface NewsServiceDeps {
  db: Database;
  /** Ids of the users with a socket open now (every process's, with the Redis adapter). */
  onlineUserIds: () => Promise<number[]>;
  /** Pushes a notification to every socket of a user. */
  notify: (userId: number, payload: NotificationPayload) => void;
  /** Pushes to the phones of those who asked for news and have the app closed. */
  push?: Pick<PushNotifier, 'notifyEveryone'>;
}

/** How long the news notification stays on screen: long enough to read a title. */
const NEWS_NOTICE_TIMEOUT_MS = 10_000;

/** The web app's page of a news item (the route table of apps/web names it too). */
const newsWebPath = (id: number) => `/news/${id}`;

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

function isAdmin(auth: AuthContext | null): boolean {
  return auth !== null && hasRole(auth.user.role as Role, Role.ADMIN);
}

export function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    titleEn: row.titleEn,
    titleRu: row.titleRu,
    bodyEn: row.bodyEn,
    bodyRu: row.bodyRu,
    coverId: row.coverId,
    status: row.status as NewsStatus,
    publishAt: row.publishAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * News (spec §3, §7): admins write, everyone reads what is published and due. Signed-in users
 * are told of an item once, in their language, when it comes out: at once, or at its time.
 */
export class NewsService {
  constructor(private readonly deps: NewsServiceDeps) {}

  async list(caller: AuthContext | null, query: NewsListQuery): Promise<NewsList> {
    const wantsAll = query.all === true || query.status !== undefined;
    if (wantsAll && !isAdmin(caller)) throw new AppError(ErrorCode.FORBIDDEN);
    const page = await newsRepository.list(this.deps.db, {
      offset: query.offset,
      limit: query.limit,
      publicOnly: !wantsAll,
      status: query.status,
    });
    return {
      offset: query.offset,
      limit: query.limit,
      total: page.total,
      list: page.rows.map(toNewsItem),
    };
  }

  /** One item; drafts and scheduled items only for admins (others get 404, as if absent). */
  async get(caller: AuthContext | null, id: number): Promise<NewsItem> {
    const row = await newsRepository.find(this.deps.db, id, !isAdmin(caller));
    if (!row) throw notFound();
    return toNewsItem(row);
  }

  /** Whether an item is out for everyone (published and due). */
  async exists(id: number): Promise<boolean> {
    return (await newsRepository.find(this.deps.db, id, true)) !== undefined;
  }

  async save(auth: AuthContext, input: NewsSaveRequest): Promise<NewsItem> {
    if (!isAdmin(auth)) throw new AppError(ErrorCode.FORBIDDEN);
    const { db } = this.deps;
    const coverId = input.coverId ?? null;
    if (coverId !== null && !(await isMediaOfAlbum(txOf(db), coverId, MediaAlbum.NEWS))) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'news.cover-invalid',
        fields: { coverId: 'news.cover-invalid' },
      });
    }
    const fields = {
      titleEn: input.titleEn,
      titleRu: input.titleRu,
      bodyEn: input.bodyEn,
      bodyRu: input.bodyRu,
      coverId,
      status: input.status,
      publishAt: input.publishAt ? new Date(input.publishAt) : new Date(),
    };
    const row =
      input.id === undefined
        ? await newsRepository.insert(db, { ...fields, createdBy: auth.user.id })
        : await newsRepository.update(db, input.id, fields);
    if (!row) throw notFound();
    // An item published for now is announced at once rather than on the next pass.
    await this.announceDue();
    return toNewsItem(row);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!isAdmin(auth)) throw new AppError(ErrorCode.FORBIDDEN);
    const row = await newsRepository.delete(this.deps.db, id);
    if (!row) throw notFound();
  }

  /**
   * Tells the users online now of every item that came out since the last pass, and pushes it
   * to the phones of those who switched news on (the app closed). Others see it in the list.
   */
  async announceDue(): Promise<number> {
    const { db } = this.deps;
    const due = await newsRepository.claimToNotify(db);
    if (due.length === 0) return 0;
    const online = [...new Set(await this.deps.onlineUserIds())];
    const locales = await userLocales(txOf(db), online);
    for (const item of due) {
      for (const [userId, locale] of locales) {
        this.deps.notify(userId, {
          text: translate(locale, 'news.notice', {
            title: locale === 'ru' ? item.titleRu : item.titleEn,
          }),
          color: 'info',
          timeout: NEWS_NOTICE_TIMEOUT_MS,
          link: newsWebPath(item.id),
        });
      }
      await this.deps.push?.notifyEveryone('news', newsPush(item));
    }
    return due.length;
  }
}
