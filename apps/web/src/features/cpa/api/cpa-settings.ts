import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cpaSettingsSchema, type CpaSettings } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

const settingsKey = [...cpaKey, 'settings'] as const;

/** GET /cpa/settings: payout per action and partner level. */
export async function getCpaSettings() {
  const result = await api.get(cpaPaths.settings, undefined, cpaSettingsSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCpaSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getCpaSettings });
}

/** PUT /cpa/settings (admins). */
export function saveCpaSettings(body: CpaSettings) {
  return api.put(cpaPaths.settings, body, cpaSettingsSchema);
}

export function useSaveCpaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCpaSettings,
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(settingsKey, result.data);
    },
  });
}
