import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { newsItemSchema, newsListSchema } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import type { NewsStatus } from '@meeet/core/enums';
import { api } from '../../../lib/api-client.ts';

export const controlNewsKey = ['control', 'news'] as const;

export interface ControlNewsQuery {
  offset: number;
  limit: number;
  status?: NewsStatus | undefined;
}

/** GET /notif/news/ as an admin: every item (drafts and scheduled ones too), or one status. */
export async function listControlNews(query: ControlNewsQuery) {
  const result = await api.get(
    newsPaths.list,
    {
      offset: query.offset,
      limit: query.limit,
      ...(query.status ? { status: query.status } : { all: 'true' }),
    },
    newsListSchema,
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useControlNews(query: ControlNewsQuery) {
  return useQuery({
    queryKey: [...controlNewsKey, 'list', query],
    queryFn: () => listControlNews(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /notif/news/{id} as an admin (drafts included). */
export async function getControlNewsItem(id: number) {
  const result = await api.get(newsPaths.item(id), undefined, newsItemSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useControlNewsItem(id: number | null) {
  return useQuery({
    queryKey: [...controlNewsKey, 'item', id],
    queryFn: () => getControlNewsItem(id ?? 0),
    enabled: id !== null,
  });
}
