import { useMutation } from '@tanstack/react-query';
import { codeSentResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/email/verify/send-code (signed in) → `{ sent, retryAfterSeconds }`. */
export function sendEmailVerifyCode() {
  return api.post(userPaths.emailVerifySendCode, {}, codeSentResponseSchema);
}

export function useSendEmailVerifyCode() {
  return useMutation({ mutationFn: sendEmailVerifyCode });
}
