import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsItemSchema, type NewsSaveRequest } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { MediaAlbum } from '@meeet/core/enums';
import { uploadMedia } from '../../../components/media/upload-media.ts';
import { api } from '../../../lib/api-client.ts';
import { controlNewsKey } from './list-control-news.ts';

/** POST /notif/news/: creates the item, or updates it when the body has an id. */
export function saveNews(body: NewsSaveRequest) {
  return api.post(newsPaths.save, body, newsItemSchema);
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNews,
    onSuccess: (result) => {
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: controlNewsKey });
        void queryClient.invalidateQueries({ queryKey: ['news'] });
      }
    },
  });
}

/** POST /media with album news: the cover, whose id the item then names. */
export function uploadNewsCover(file: File) {
  return uploadMedia({ album: MediaAlbum.NEWS }, [file]);
}
