import { useQuery } from '@tanstack/react-query';
import {
  factorStatusSchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
} from '@meeet/core/api/factors';
import { factorsPaths } from '@meeet/core/api/factors-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { api } from '../../../lib/api-client.ts';
import { factorHeaders } from '../../../lib/passkeys.ts';

/** The security section's queries live under ['factors']. */
export const factorKeys = { status: ['factors'] as const };

/** GET /factors: TOTP on or off, recovery codes left, passkeys. */
export function useFactorStatus() {
  return useQuery({
    queryKey: factorKeys.status,
    queryFn: async () => {
      const result = await api.get(factorsPaths.status, undefined, factorStatusSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
  });
}

/** The guarded calls of the section; each takes the factor the server may ask for. */
export const factorCalls = {
  setupTotp: () => api.post(factorsPaths.totpSetup, {}, totpSetupResponseSchema),
  enableTotp: (code: string, factor?: string) =>
    api.post(factorsPaths.totpEnable, { code }, recoveryCodesResponseSchema, factorHeaders(factor)),
  disableTotp: (factor?: string) =>
    api.post(factorsPaths.totpDisable, {}, okResponseSchema, factorHeaders(factor)),
  regenerateRecoveryCodes: (factor?: string) =>
    api.post(
      factorsPaths.recoveryRegenerate,
      {},
      recoveryCodesResponseSchema,
      factorHeaders(factor),
    ),
  removePasskey: (id: string, factor?: string) =>
    api.post(factorsPaths.passkeyRemove, { id }, okResponseSchema, factorHeaders(factor)),
};
