import { useState } from 'react';
import { promocodeValidResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { debouncedCheck } from '../../../components/form/debounced-check.ts';
import { api } from '../../../lib/api-client.ts';

/** How long typing must pause before the promo code is checked with the server. */
export const PROMOCODE_CHECK_DELAY_MS = 400;

/**
 * GET /user/promocode-valid/{code}: 'msg.promocode-unknown' when it names no user, null when
 * it does, undefined when the server could not say (the registration itself has the last word).
 */
export async function checkPromocode(code: string): Promise<string | null | undefined> {
  const result = await api.get(
    userPaths.promocodeValid(code.trim()),
    undefined,
    promocodeValidResponseSchema,
  );
  if (!result.ok) return undefined;
  return result.data.valid ? null : 'msg.promocode-unknown';
}

/**
 * The promo code field's server check, debounced while typing. An empty field is no code and
 * is never sent; core's format rule runs first (the form skips this on a rule error).
 */
export function usePromocodeCheck() {
  const [check] = useState(() =>
    debouncedCheck<string>(async (code) => {
      if (code.trim() === '') return null;
      return checkPromocode(code);
    }, PROMOCODE_CHECK_DELAY_MS),
  );
  return check;
}
