import { getAddress, isAddress, zeroAddress, type Address } from 'viem';

export type WalletAddressError = 'msg.incorrect-address';

/** Currencies a user may withdraw, all on BSC, so they share the EVM address format. */
export const WalletCurrency = { USDT: 'USDT', BNB: 'BNB' } as const;
export type WalletCurrency = (typeof WalletCurrency)[keyof typeof WalletCurrency];
export const WALLET_CURRENCIES = Object.values(WalletCurrency);

/**
 * An EVM address: 0x + 40 hex digits; a mixed-case address must carry a correct EIP-55
 * checksum (a typo in it is then caught); the zero address burns funds and is refused.
 */
export function isBscAddress(address: string): boolean {
  return isAddress(address, { strict: true }) && address.toLowerCase() !== zeroAddress;
}

/** Spec §5: one address validator per currency symbol. */
export const walletAddressValidators: Readonly<
  Record<WalletCurrency, (address: string) => boolean>
> = {
  USDT: isBscAddress,
  BNB: isBscAddress,
};

export function isWalletCurrency(value: unknown): value is WalletCurrency {
  return typeof value === 'string' && Object.hasOwn(walletAddressValidators, value);
}

/**
 * Null when `address` is valid for `currency`. Invalid when the currency has no validator or
 * the address is empty (spec §5). The currency symbol is matched case-insensitively and the
 * address trimmed, since both are often pasted.
 */
export function validateWalletAddress(
  currency: unknown,
  address: unknown,
): WalletAddressError | null {
  if (typeof currency !== 'string' || typeof address !== 'string') return 'msg.incorrect-address';
  const symbol = currency.trim().toUpperCase();
  if (!isWalletCurrency(symbol)) return 'msg.incorrect-address';
  const text = address.trim();
  if (text === '') return 'msg.incorrect-address';
  return walletAddressValidators[symbol](text) ? null : 'msg.incorrect-address';
}

/** The EIP-55 checksummed form to store and display; call only on a validated address. */
export function checksumWalletAddress(address: string): Address {
  return getAddress(address.trim());
}
