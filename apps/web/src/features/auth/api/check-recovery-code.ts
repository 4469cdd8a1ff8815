import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/recovery-password/check-code `{ email, code, password }`: sets the new password. */
export function checkRecoveryCode(body: { email: string; code: string; password: string }) {
  return api.post(userPaths.recoveryCheckCode, body, okResponseSchema);
}

export function useCheckRecoveryCode() {
  return useMutation({ mutationFn: checkRecoveryCode });
}
