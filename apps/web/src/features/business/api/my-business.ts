import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { businessSchema, myBusinessSchema, type BusinessApply } from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { MediaAlbum } from '@meeet/core/enums';
import { uploadMedia } from '../../../components/media/upload-media.ts';
import { api } from '../../../lib/api-client.ts';

export const myBusinessKey = ['business', 'mine'] as const;

/** GET /business: the caller's business account, or null before they apply. */
export async function getMyBusiness() {
  const result = await api.get(businessPaths.mine, {}, myBusinessSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.business;
}

export function useMyBusiness() {
  return useQuery({ queryKey: myBusinessKey, queryFn: getMyBusiness });
}

/** POST /business: apply, or re-apply after "needs more" or a refusal. */
export function applyBusiness(body: BusinessApply) {
  return api.post(businessPaths.mine, body, businessSchema);
}

export function useApplyBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBusiness,
    onSuccess: (result) => {
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: myBusinessKey });
        void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
      }
    },
  });
}

/** A logo or a spot photo: an image of the business album, public once used. */
export function uploadBusinessImage(file: File) {
  return uploadMedia({ album: MediaAlbum.BUSINESS }, [file]);
}
