import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { api } from './api-client.ts';

/**
 * A control-area setting an admin reads and saves: a GET and a PUT on one path, both
 * answering the setting's view. Typed by core's schemas: `view` checks both answers, `input`
 * gives the PUT body its type (it is not run here; the form or the server checks the body).
 */
export interface AdminSetting<View, Input> {
  key: QueryKey;
  path: string;
  view: ZodType<View>;
  input: ZodType<unknown, Input>;
  /** Other queries built on the setting, fetched again after a save. */
  feeds?: readonly QueryKey[];
}

/** Declares a setting; its types come from the schemas given. */
export const adminSetting = <View, Input>(setting: AdminSetting<View, Input>) => setting;

/** The setting's current view (GET `path`); a failed read is the query's error. */
export function useAdminSetting<View, Input>(setting: AdminSetting<View, Input>) {
  return useQuery({
    queryKey: setting.key,
    queryFn: async () => {
      const result = await api.get(setting.path, undefined, setting.view);
      if (!result.ok) throw new Error(result.errorCode ?? result.error);
      return result.data;
    },
  });
}

/**
 * Saves the setting (PUT `path`) and resolves to the API's result, so the form shows a
 * refusal itself. On success the saved view replaces the cached one and `feeds` are refetched.
 */
export function useSaveAdminSetting<View, Input>(setting: AdminSetting<View, Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => api.put(setting.path, body, setting.view),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(setting.key, result.data);
      for (const key of setting.feeds ?? []) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
