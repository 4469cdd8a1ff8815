import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycImageKind } from '@meeet/core/api/media-paths';
import { MediaAlbum } from '@meeet/core/enums';
import { uploadMedia } from '../../../components/media/upload-media.ts';
import { kycQueryKey } from './get-kyc.ts';

/** POST /media with album kyc: the new photo replaces the previous one of its kind. */
export function uploadKycPhoto({ kind, file }: { kind: KycImageKind; file: File }) {
  return uploadMedia({ album: MediaAlbum.KYC, kind }, [file]);
}

export function useUploadKycPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycPhoto,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: kycQueryKey });
    },
  });
}
