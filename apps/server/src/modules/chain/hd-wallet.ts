import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

/** BIP-44 account used for the platform's own hot wallet (treasury, minter, gas). */
const HOT_WALLET_ACCOUNT_INDEX = 1;
/** BIP-32 child indexes are 31-bit; user ids beyond this cannot have an address. */
const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

/**
 * The platform's HD wallet. Deposit address of user N: m/44'/60'/0'/0/N; the hot wallet is
 * m/44'/60'/1'/0/0, so it can never collide with a user. The mnemonic stays inside this
 * object: nothing here logs or returns it.
 */
export class HdWallet {
  private readonly cache = new Map<number, HDAccount>();
  readonly hot: HDAccount;

  constructor(private readonly mnemonic: string) {
    this.hot = mnemonicToAccount(mnemonic, { accountIndex: HOT_WALLET_ACCOUNT_INDEX });
  }

  /** The deposit account of a user (cached: derivation costs about a millisecond). */
  depositAccount(userId: number): HDAccount {
    if (!Number.isInteger(userId) || userId < 0 || userId > MAX_ADDRESS_INDEX) {
      throw new RangeError(`no deposit address for user id ${userId}`);
    }
    let account = this.cache.get(userId);
    if (!account) {
      account = mnemonicToAccount(this.mnemonic, { addressIndex: userId });
      this.cache.set(userId, account);
    }
    return account;
  }

  toJSON(): string {
    return '[HdWallet]';
  }
}
