import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycStateSchema, type KycLevelRequest } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { api } from '../../../lib/api-client.ts';
import { kycQueryKey } from './get-kyc.ts';

/** POST /kyc/level-request → the state with the request waiting (the approval stands). */
export function requestLevel(body: KycLevelRequest) {
  return api.post(kycPaths.levelRequest, body, kycStateSchema);
}

export function useRequestLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestLevel,
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(kycQueryKey, result.data);
    },
  });
}
