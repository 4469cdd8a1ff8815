/** Paths of the news calls under /api (spec §7), free of zod. */
export const newsPaths = {
  /** GET: the news feed (published for everyone; admins may ask for drafts). POST: save. */
  list: '/notif/news/',
  save: '/notif/news/',
  /** One item: GET reads it, DELETE removes it. */
  item: (id: number | string) => `/notif/news/${encodeURIComponent(String(id))}`,
} as const;
