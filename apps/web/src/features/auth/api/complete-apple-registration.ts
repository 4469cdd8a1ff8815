import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AppleRegistrationRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/apple/apple-success-registration: finishes a first Sign in with Apple. */
export function completeAppleRegistration(body: AppleRegistrationRequest) {
  return api.post(userPaths.appleSuccessRegistration, body, authResponseSchema);
}

export function useCompleteAppleRegistration() {
  return useMutation({ mutationFn: completeAppleRegistration });
}
