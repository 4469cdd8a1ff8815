import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mediaItemSchema, mediaListSchema } from '@meeet/core/api/media';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { MediaAlbum } from '@meeet/core/enums';
import { uploadMedia } from '../../../components/media/upload-media.ts';
import { api } from '../../../lib/api-client.ts';

// Profile photos of the signed-in user: list, upload, delete, choose the avatar.

export const profilePhotosKey = ['media', MediaAlbum.PROFILE_PHOTOS] as const;

export async function listProfilePhotos() {
  const result = await api.get(mediaPaths.album(MediaAlbum.PROFILE_PHOTOS), {}, mediaListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.list;
}

export function useProfilePhotos() {
  return useQuery({ queryKey: profilePhotosKey, queryFn: listProfilePhotos });
}

function useRefreshingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profilePhotosKey }),
  });
}

export function useUploadProfilePhotos() {
  return useRefreshingMutation((files: File[]) =>
    uploadMedia({ album: MediaAlbum.PROFILE_PHOTOS }, files),
  );
}

export function useDeleteProfilePhoto() {
  return useRefreshingMutation((id: string) =>
    api.delete(mediaPaths.remove(id), undefined, okResponseSchema),
  );
}

export function useSetAvatar() {
  return useRefreshingMutation((id: string) =>
    api.post(mediaPaths.setAvatar(id), {}, mediaItemSchema),
  );
}
