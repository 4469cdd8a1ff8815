import { useState } from 'react';
import { domainAvailableResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { validateNickname } from '@meeet/core/rules/nickname';
import { api } from '../../../lib/api-client.ts';
import { debouncedCheck } from '../../form/debounced-check.ts';

/** How long typing must pause before the nickname is checked with the server. */
export const DOMAIN_CHECK_DELAY_MS = 400;

/** GET /user/domain-available/{domain}: 'msg.username-taken', null when free, undefined when unknown. */
export async function checkDomainAvailable(domain: string): Promise<string | null | undefined> {
  const result = await api.get(
    userPaths.domainAvailable(domain.trim()),
    undefined,
    domainAvailableResponseSchema,
  );
  if (!result.ok) return undefined;
  return result.data.available ? null : 'msg.username-taken';
}

/**
 * The nickname field's server check, debounced while typing. It runs only after core's rule
 * passed (the form wrapper skips it on a rule error), so the server never sees a malformed one.
 */
export function useDomainAvailableCheck() {
  const [check] = useState(() =>
    debouncedCheck<string>(async (domain) => {
      if (validateNickname(domain)) return undefined;
      return checkDomainAvailable(domain);
    }, DOMAIN_CHECK_DELAY_MS),
  );
  return check;
}
