import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycStateSchema } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { api } from '../../../lib/api-client.ts';
import { kycQueryKey } from './get-kyc.ts';

/** POST /kyc/submit → the new state (requested). */
export function submitKyc() {
  // An empty JSON object: a JSON request without a body is refused by the server.
  return api.post(kycPaths.submit, {}, kycStateSchema);
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(kycQueryKey, result.data);
    },
  });
}
