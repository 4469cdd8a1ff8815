import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycModerationItemSchema, type KycModerateRequest } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { api } from '../../../lib/api-client.ts';
import { kycApplicationsKey } from './list-kyc-applications.ts';

/** PATCH /kyc/moderate/{id} (status, moderatorComment, maxNftType). */
export function moderateKyc({ userId, body }: { userId: number; body: KycModerateRequest }) {
  return api.patch(kycPaths.moderate(userId), body, kycModerationItemSchema);
}

export function useModerateKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateKyc,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: kycApplicationsKey });
    },
  });
}
