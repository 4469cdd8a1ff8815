import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** An EVM address as text (viem's `Address` shape, without pulling viem into clients). */
export type Address = `0x${string}`;

/** The address that burns whatever is sent to it. */
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: a hex digit is upper case when the matching nibble of keccak-256 of the lower-case
 * address (without 0x) is 8 or more. `text` must already be 0x + 40 hex digits.
 */
function eip55(text: string): Address {
  const lower = text.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const digit = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? digit.toUpperCase() : digit;
  }
  return out as Address;
}

/**
 * 0x + 40 hex digits, all lower case or carrying a correct EIP-55 checksum (viem's
 * `isAddress(…, { strict: true })`).
 */
export function isEvmAddress(text: string): text is Address {
  if (!HEX_ADDRESS.test(text)) return false;
  return text === text.toLowerCase() || eip55(text) === text;
}

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
  return isEvmAddress(address) && address.toLowerCase() !== ZERO_ADDRESS;
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
  const text = address.trim();
  if (!isEvmAddress(text)) throw new Error(`Not an EVM address: ${text}`);
  return eip55(text);
}
