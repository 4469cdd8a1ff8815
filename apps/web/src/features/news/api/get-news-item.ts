import { useQuery } from '@tanstack/react-query';
import { newsItemSchema } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { api } from '../../../lib/api-client.ts';
import { newsKeys } from './list-news.ts';

/** GET /notif/news/{id}; null when it is not (or not yet) published. */
export async function getNewsItem(id: number) {
  const result = await api.get(newsPaths.item(id), undefined, newsItemSchema);
  if (result.ok) return result.data;
  if (result.code === 404) return null;
  throw new Error(result.error);
}

export function useNewsItem(id: number) {
  return useQuery({ queryKey: newsKeys.item(id), queryFn: () => getNewsItem(id) });
}
