import { z } from 'zod';
import { zWalletAddress } from '../rules/zod-base.ts';

// Custody of the withdrawals (issue 45): the saved-address book with its hold, and the pauses
// after risky account changes. Paths are in crypto-paths.ts; times are ISO strings.

/**
 * Why withdrawals are paused: a password change, a second-factor reset, a recovery by e-mail,
 * the first sign-in from a new device, or the owner's "this wasn't me".
 */
export const withdrawalHoldReasonSchema = z.enum([
  'password-change',
  'factor-reset',
  'email-recovery',
  'new-device',
  'not-me',
]);
export type WithdrawalHoldReason = z.infer<typeof withdrawalHoldReasonSchema>;

/** A pause in force: why, and until when (ISO). */
export const withdrawalHoldSchema = z.object({
  reason: withdrawalHoldReasonSchema,
  until: z.string(),
});
export type WithdrawalHold = z.infer<typeof withdrawalHoldSchema>;

/** The longest label of a saved address. */
export const ADDRESS_LABEL_MAX = 40;

/** A saved withdrawal address; it may receive funds from `usableFrom` on. */
export const savedAddressSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  usableFrom: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** `GET /crypto/wallet/addresses`: the book, newest first, and the "only to saved" switch. */
export const addressBookResponseSchema = z.object({
  addresses: z.array(savedAddressSchema),
  onlySaved: z.boolean(),
});
export type AddressBookResponse = z.infer<typeof addressBookResponseSchema>;

/** `POST /crypto/wallet/addresses`: saves an address (a mail names it; a hold starts). */
export const addAddressRequestSchema = z.strictObject({
  address: zWalletAddress('USDT'),
  label: z.string().trim().min(1, 'msg.required').max(ADDRESS_LABEL_MAX, 'msg.max-length'),
});
export type AddAddressRequest = z.input<typeof addAddressRequestSchema>;

export const addressIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
});

/** `PATCH /crypto/wallet/addresses/only-saved`: withdrawals only to saved addresses, or to any. */
export const onlySavedRequestSchema = z.strictObject({ onlySaved: z.boolean() });
export type OnlySavedRequest = z.infer<typeof onlySavedRequestSchema>;
