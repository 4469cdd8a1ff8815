import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsPaths } from '@meeet/core/api/news-paths';
import { api } from '../../../lib/api-client.ts';
import { controlNewsKey } from './list-control-news.ts';

/** DELETE /notif/news/{id}. */
export function deleteNews(id: number) {
  return api.delete(newsPaths.item(id));
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: controlNewsKey });
    },
  });
}
