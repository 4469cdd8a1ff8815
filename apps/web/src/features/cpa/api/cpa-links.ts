import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cpaLinkListSchema,
  cpaLinkSchema,
  cpaLinkWithSecretSchema,
  type CpaLinkCreate,
  type CpaLinkUpdate,
} from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';

export const cpaKey = ['cpa'] as const;
export const cpaLinksKey = [...cpaKey, 'links'] as const;

/** GET /cpa/links: the caller's links with their figures. */
export async function listCpaLinks() {
  const result = await api.get(cpaPaths.links, undefined, cpaLinkListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.items;
}

export function useCpaLinks() {
  return useQuery({ queryKey: cpaLinksKey, queryFn: listCpaLinks });
}

/** POST /cpa/links: the answer carries the secret, shown this once. */
export function createCpaLink(body: CpaLinkCreate) {
  return api.post(cpaPaths.links, body, cpaLinkWithSecretSchema);
}

/** PATCH /cpa/links/{id}. */
export function updateCpaLink({ id, body }: { id: string; body: CpaLinkUpdate }) {
  return api.patch(cpaPaths.link(id), body, cpaLinkSchema);
}

/** DELETE /cpa/links/{id}. */
export function deleteCpaLink(id: string) {
  return api.delete(cpaPaths.link(id));
}

/** POST /cpa/links/{id}/secret: a new secret, shown this once. */
export function renewCpaSecret(id: string) {
  return api.post(cpaPaths.linkSecret(id), undefined, cpaLinkWithSecretSchema);
}

function useLinkMutation<A, R extends { ok: boolean }>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: cpaKey });
    },
  });
}

export const useCreateCpaLink = () => useLinkMutation(createCpaLink);
export const useUpdateCpaLink = () => useLinkMutation(updateCpaLink);
export const useDeleteCpaLink = () => useLinkMutation(deleteCpaLink);
export const useRenewCpaSecret = () => useLinkMutation(renewCpaSecret);
