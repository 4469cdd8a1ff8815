import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawResponseSchema, type WithdrawRequest } from '@meeet/core/api/crypto';
import { cryptoPaths, IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { factorHeaders } from '../../../lib/passkeys.ts';
import { walletKeys } from './query-keys.ts';

export interface WithdrawCall {
  body: WithdrawRequest;
  /** Step 2 only: one key per withdrawal the user confirms, the same on every retry. */
  idempotencyKey?: string;
  /** Step 2 of a user with a second factor: its proof (FACTOR_HEADER). */
  factor?: string | undefined;
}

/**
 * POST /crypto/wallet/withdraw/: without `code` mails a code (200 code-sent); with `code` and
 * an Idempotency-Key reserves and sends (202 submitted).
 */
export function withdraw({ body, idempotencyKey, factor }: WithdrawCall) {
  const headers: Record<string, string> = { ...factorHeaders(factor)?.headers };
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  return api.post(
    cryptoPaths.withdraw,
    body,
    withdrawResponseSchema,
    Object.keys(headers).length > 0 ? { headers } : undefined,
  );
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (result) => {
      if (result.ok && result.data.step === 'submitted')
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
