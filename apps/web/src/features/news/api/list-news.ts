import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { newsListSchema } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { api } from '../../../lib/api-client.ts';

export const newsKeys = {
  all: ['news'] as const,
  page: (offset: number, limit: number) => ['news', 'list', offset, limit] as const,
  item: (id: number) => ['news', 'item', id] as const,
};

/** GET /notif/news/: what is published, newest first. */
export async function listNews(offset: number, limit: number) {
  const result = await api.get(newsPaths.list, { offset, limit }, newsListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useNews(offset: number, limit: number) {
  return useQuery({
    queryKey: newsKeys.page(offset, limit),
    queryFn: () => listNews(offset, limit),
    placeholderData: keepPreviousData,
  });
}
