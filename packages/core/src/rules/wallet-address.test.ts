import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from '@noble/hashes/utils';
import { getAddress, isAddress, zeroAddress } from 'viem';
import {
  checksumWalletAddress,
  isBscAddress,
  isEvmAddress,
  isWalletCurrency,
  validateWalletAddress,
  WALLET_CURRENCIES,
  walletAddressValidators,
} from './wallet-address.ts';

// Vitalik's address: a well-known EIP-55 checksummed example.
const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const LOWER = CHECKSUMMED.toLowerCase();
const BAD_CHECKSUM = '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('validateWalletAddress', () => {
  it('has a validator for every supported currency', () => {
    expect(WALLET_CURRENCIES).toEqual(['USDT', 'BNB']);
    expect(Object.keys(walletAddressValidators).sort()).toEqual(['BNB', 'USDT']);
  });

  it.each(['USDT', 'BNB', 'usdt', ' bnb '])('accepts a checksummed address for %j', (currency) => {
    expect(validateWalletAddress(currency, CHECKSUMMED)).toBeNull();
  });

  it('accepts an all-lower-case address (no checksum to check) and trims', () => {
    expect(validateWalletAddress('USDT', LOWER)).toBeNull();
    expect(validateWalletAddress('USDT', `  ${CHECKSUMMED}\n`)).toBeNull();
  });

  it.each([
    ['bad checksum', BAD_CHECKSUM],
    ['all upper case hex', `0x${CHECKSUMMED.slice(2).toUpperCase()}`],
    ['zero address', zeroAddress],
    ['too short', CHECKSUMMED.slice(0, -1)],
    ['too long', `${CHECKSUMMED}0`],
    ['no 0x', CHECKSUMMED.slice(2)],
    ['upper-case 0X', `0X${LOWER.slice(2)}`],
    ['non-hex', `0x${'g'.repeat(40)}`],
    ['inner space', `${LOWER.slice(0, 10)} ${LOWER.slice(11)}`],
    ['empty', ''],
    ['spaces', '   '],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    ['huge', `0x${'a'.repeat(100_000)}`],
  ])('rejects %s', (_label, address) => {
    expect(validateWalletAddress('USDT', address)).toBe('msg.incorrect-address');
  });

  it.each(['BTC', 'ETH', '', 'constructor', '__proto__', 'toString'])(
    'rejects an unknown currency %j',
    (currency) => {
      expect(validateWalletAddress(currency, CHECKSUMMED)).toBe('msg.incorrect-address');
    },
  );

  it('rejects non-string arguments', () => {
    expect(validateWalletAddress(undefined, CHECKSUMMED)).toBe('msg.incorrect-address');
    expect(validateWalletAddress('USDT', undefined)).toBe('msg.incorrect-address');
    expect(validateWalletAddress('USDT', null)).toBe('msg.incorrect-address');
    expect(validateWalletAddress('USDT', 123)).toBe('msg.incorrect-address');
  });
});

describe('helpers', () => {
  it('isWalletCurrency is exact and own-property only', () => {
    expect(isWalletCurrency('USDT')).toBe(true);
    expect(isWalletCurrency('usdt')).toBe(false);
    expect(isWalletCurrency('hasOwnProperty')).toBe(false);
  });

  it('isBscAddress', () => {
    expect(isBscAddress(CHECKSUMMED)).toBe(true);
    expect(isBscAddress(zeroAddress)).toBe(false);
  });

  it('checksumWalletAddress returns the EIP-55 form', () => {
    expect(checksumWalletAddress(` ${LOWER} `)).toBe(CHECKSUMMED);
  });
});

describe('the EIP-55 check agrees with viem', () => {
  // 200 addresses spread over the hash space, each in four spellings.
  const addresses = Array.from({ length: 200 }, (_, i) => {
    const lower = `0x${bytesToHex(keccak_256(String(i))).slice(0, 40)}`;
    const checksummed = getAddress(lower);
    const flipped = checksummed.replace(/[a-f]/, (c) => c.toUpperCase());
    return [lower, checksummed, flipped, `0x${lower.slice(2).toUpperCase()}`];
  }).flat();

  it('accepts and refuses the same texts as isAddress(…, { strict: true })', () => {
    for (const address of addresses) {
      expect(isEvmAddress(address), address).toBe(isAddress(address, { strict: true }));
    }
  });

  it('writes the same checksummed form as getAddress', () => {
    for (const address of addresses.filter((a) => a === a.toLowerCase())) {
      expect(checksumWalletAddress(address)).toBe(getAddress(address));
    }
  });

  it('refuses to checksum what is not an address', () => {
    expect(() => checksumWalletAddress('0x1234')).toThrow(/Not an EVM address/);
  });
});
