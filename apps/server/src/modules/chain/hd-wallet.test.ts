import { describe, expect, it } from 'vitest';
import { HdWallet } from './hd-wallet.ts';

// Anvil's public development mnemonic: its m/44'/60'/0'/0/N accounts are well known.
const MNEMONIC = 'test test test test test test test test test test test junk';

describe('HdWallet', () => {
  const wallet = new HdWallet(MNEMONIC);

  it("derives user N's deposit address at m/44'/60'/0'/0/N", () => {
    expect(wallet.depositAccount(0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(wallet.depositAccount(1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(wallet.depositAccount(1)).toBe(wallet.depositAccount(1));
  });

  it('keeps the hot wallet on its own BIP-44 account, apart from every user', () => {
    const hot = wallet.hot.address;
    for (const id of [0, 1, 2, 3, 42]) expect(wallet.depositAccount(id).address).not.toBe(hot);
    expect(wallet.hot.getHdKey().privateKey).toBeDefined();
  });

  it('refuses ids without an address and never serialises the mnemonic', () => {
    for (const id of [-1, 1.5, 2 ** 31])
      expect(() => wallet.depositAccount(id)).toThrow(RangeError);
    expect(JSON.stringify({ wallet })).toBe('{"wallet":"[HdWallet]"}');
  });
});
