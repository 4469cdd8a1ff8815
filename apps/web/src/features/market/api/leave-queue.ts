import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaveQueueRequest } from '@meeet/core/api/market';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';
import { marketPaths } from '@meeet/core/api/market-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { marketKeys } from './query-keys.ts';

export interface LeaveQueueCall {
  body: LeaveQueueRequest;
  /** One key per leave action, the same on every retry of it. */
  idempotencyKey: string;
}

/** POST /crypto/market/queue/leave: the prepayment comes back (202). */
export function leaveQueue({ body, idempotencyKey }: LeaveQueueCall) {
  return api.post(marketPaths.leaveQueue, body, moneySchema('leaveQueueResponseSchema'), {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveQueue,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
}
