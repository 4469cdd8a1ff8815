import { useMutation } from '@tanstack/react-query';
import { codeSentResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/recovery-password/send-code → `{ sent, retryAfterSeconds }`. */
export function sendRecoveryCode(body: { email: string }) {
  return api.post(userPaths.recoverySendCode, body, codeSentResponseSchema);
}

export function useSendRecoveryCode() {
  return useMutation({ mutationFn: sendRecoveryCode });
}
