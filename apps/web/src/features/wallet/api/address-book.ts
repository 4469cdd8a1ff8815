import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressBookResponseSchema,
  savedAddressSchema,
  type AddAddressRequest,
} from '@meeet/core/api/custody';
import { cryptoPaths } from '@meeet/core/api/crypto-paths';
import { noFactor, type FactorGuard } from '../../../components/step-up/use-step-up.tsx';
import { api } from '../../../lib/api-client.ts';
import { factorHeaders } from '../../../lib/passkeys.ts';
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

/** A change of the book; the list is read again after it. */
function useBookChange<TInput, TResult extends { ok: boolean }>(
  call: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Pending until the list is read again, so the page never shows the old state meanwhile.
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: walletKeys.addresses });
    },
  });
}

// Every change of the book asks a second factor of a user who holds one (`guard`: the
// step-up's run, whose dialog the page shows).

/** POST /crypto/wallet/addresses: saves an address; a mail names it, a hold starts. */
export function useAddAddress(guard: FactorGuard = noFactor) {
  return useBookChange((body: AddAddressRequest) =>
    guard((factor) =>
      api.post(cryptoPaths.addresses, body, savedAddressSchema, factorHeaders(factor)),
    ),
  );
}

/** DELETE /crypto/wallet/addresses/{id}: at once. */
export function useRemoveAddress(guard: FactorGuard = noFactor) {
  return useBookChange((id: number) =>
    guard((factor) =>
      api.delete(
        cryptoPaths.address(id),
        undefined,
        addressBookResponseSchema,
        factorHeaders(factor),
      ),
    ),
  );
}

/** PATCH /crypto/wallet/addresses/only-saved. */
export function useSetOnlySaved(guard: FactorGuard = noFactor) {
  return useBookChange((onlySaved: boolean) =>
    guard((factor) =>
      api.patch(
        cryptoPaths.onlySaved,
        { onlySaved },
        addressBookResponseSchema,
        factorHeaders(factor),
      ),
    ),
  );
}
