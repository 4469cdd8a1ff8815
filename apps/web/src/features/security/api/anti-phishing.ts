import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { antiPhishingSchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { noFactor, type FactorGuard } from '../../../components/step-up/use-step-up.tsx';
import { api } from '../../../lib/api-client.ts';
import { factorHeaders } from '../../../lib/passkeys.ts';

const antiPhishingKey = ['security', 'anti-phishing'] as const;

export function useAntiPhishing() {
  return useQuery({
    queryKey: antiPhishingKey,
    queryFn: async () => {
      const result = await api.get(securityPaths.antiPhishing, {}, antiPhishingSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data.phrase;
    },
  });
}

/**
 * PUT the phrase (null removes it), with a second factor when the user holds one (`guard`);
 * the cached phrase is what the server answered.
 */
export function useSetAntiPhishing(guard: FactorGuard = noFactor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phrase: string | null) => {
      const result = await guard((factor) =>
        api.put(securityPaths.antiPhishing, { phrase }, antiPhishingSchema, factorHeaders(factor)),
      );
      if (!result.ok) throw new Error(result.error);
      return result.data.phrase;
    },
    onSuccess: (phrase) => queryClient.setQueryData(antiPhishingKey, phrase),
  });
}
