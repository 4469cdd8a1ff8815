import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@meeet/core/api/crypto-paths';

/** A client-made key (a UUID, say): printable ASCII, bounded. Shared with the market's calls. */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{8,128}$/, 'msg.idempotency-key-required')
    .optional(),
});
