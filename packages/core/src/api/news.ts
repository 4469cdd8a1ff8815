import { z } from 'zod';
import { newsStatusSchema } from '../enum-schemas.ts';

// The news contract (spec §3 news status, §7 /notif/news/). Paths are in news-paths.ts.

export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
const NEWS_PAGE_MAX = 50;

const title = z.string().trim().min(1, 'msg.required').max(NEWS_TITLE_MAX, 'msg.max-length');
/** Markdown; clients render it without raw HTML. */
const body = z.string().trim().min(1, 'msg.required').max(NEWS_BODY_MAX, 'msg.max-length');

export const newsItemSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleRu: z.string(),
  bodyEn: z.string(),
  bodyRu: z.string(),
  /** A media item of the album `news`, served at /media/image/{coverId}/{size}. */
  coverId: z.uuid().nullable(),
  status: newsStatusSchema,
  /** When it shows (ISO); a future time on a published item schedules it. */
  publishAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * POST /notif/news/: creates the item, or updates it when `id` is given (spec §7: one call for
 * both). An absent `publishAt` means now.
 */
export const newsSaveRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  titleEn: title,
  titleRu: title,
  bodyEn: body,
  bodyRu: body,
  coverId: z.uuid().nullable().optional(),
  status: newsStatusSchema,
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type NewsSaveRequest = z.infer<typeof newsSaveRequestSchema>;

export const newsListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(NEWS_PAGE_MAX).default(10),
  /** Admins only: filter by status, scheduled items included; others always get what is out. */
  status: newsStatusSchema.optional(),
  /** Admins only: every item, drafts and scheduled ones too. */
  all: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type NewsListQuery = z.output<typeof newsListQuerySchema>;

export const newsListSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  list: z.array(newsItemSchema),
});
export type NewsList = z.infer<typeof newsListSchema>;

export const newsIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
