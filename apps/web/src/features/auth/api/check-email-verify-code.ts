import { useMutation } from '@tanstack/react-query';
import { userPrivateSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/email/verify/check/{code} → the user, now with a confirmed e-mail. */
export function checkEmailVerifyCode(code: string) {
  return api.post(userPaths.emailVerifyCheck(code), {}, userPrivateSchema);
}

export function useCheckEmailVerifyCode() {
  return useMutation({ mutationFn: checkEmailVerifyCode });
}
