import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressBookResponseSchema,
  savedAddressSchema,
  type AddAddressRequest,
} from '@meeet/core/api/custody';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { api } from '../../../lib/api-client.ts';
import { walletKeys } from './query-keys.ts';

/** GET /crypto/wallet/addresses: the saved withdrawal addresses and the only-saved switch. */
export async function getAddressBook() {
  const result = await api.get(cryptoPaths.addresses, undefined, addressBookResponseSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useAddressBook() {
  return useQuery({ queryKey: walletKeys.addresses, queryFn: getAddressBook });
}

/** Every change answers with the book (or the saved row): the list is refreshed after it. */
function useBookChange<TInput, TResult extends { ok: boolean }>(
  call: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: walletKeys.addresses });
    },
  });
}

/** POST /crypto/wallet/addresses: saves an address; a mail names it, a hold starts. */
export function useAddAddress() {
  return useBookChange((body: AddAddressRequest) =>
    api.post(cryptoPaths.addresses, body, savedAddressSchema),
  );
}

/** DELETE /crypto/wallet/addresses/{id}: at once. */
export function useRemoveAddress() {
  return useBookChange((id: number) =>
    api.delete(cryptoPaths.address(id), undefined, addressBookResponseSchema),
  );
}

/** PATCH /crypto/wallet/addresses/only-saved. */
export function useSetOnlySaved() {
  return useBookChange((onlySaved: boolean) =>
    api.patch(cryptoPaths.onlySaved, { onlySaved }, addressBookResponseSchema),
  );
}
