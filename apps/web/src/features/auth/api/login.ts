import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type LoginRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';
import { factorHeaders } from '../../../lib/passkeys.ts';

/**
 * POST /user/login → the auth record `{ token, user }`. `factor`: the second factor a new
 * device is asked for (FACTOR_REQUIRED).
 */
export function login(body: LoginRequest, factor?: string) {
  return api.post(userPaths.login, body, authResponseSchema, factorHeaders(factor));
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ body, factor }: { body: LoginRequest; factor?: string | undefined }) =>
      login(body, factor),
  });
}
