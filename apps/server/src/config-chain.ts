/**
 * The chain's settings: the RPC, the contracts, the platform's HD wallet and the pollers.
 * Unset RPC → a local anvil is started and the contracts deployed (development).
 */
import { z } from 'zod';
import { validateMnemonic } from '@scure/bip39';
import { english } from 'viem/accounts';
import {
  developmentMnemonic,
  type EnvOf,
  type NodeEnv,
  optionalString,
  withDefault,
} from './config-values.ts';

export const chainEnv = {
  /** EVM JSON-RPC (BSC 56 / 97); unset → a local anvil is started and the contracts deployed. */
  CHAIN_RPC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Expected chain id: 56 BSC mainnet, 97 BSC testnet; the local anvil uses 31337. */
  CHAIN_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  USDT_ADDRESS: optionalString,
  TOKEN_ADDRESS: optionalString,
  MARKET_ADDRESS: optionalString,
  /** Blocks a deposit waits for; 0 (default) → the chain's `finalized` block tag. */
  CHAIN_CONFIRMATIONS: withDefault(z.coerce.number().int().min(0).max(10_000), 0),
  /** Block explorer base URL, e.g. https://bscscan.com or https://testnet.bscscan.com. */
  EXPLORER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** BIP-39 mnemonic of the platform's HD wallet (deposit addresses, hot wallet); never logged. */
  WALLET_MNEMONIC: optionalString,
  /** Alias of WALLET_MNEMONIC. */
  HD_SEED: optionalString,
  /** Local anvil port when CHAIN_RPC_URL is unset (0 → any free port). */
  ANVIL_PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 8545),
  /** Milliseconds between polls of the deposit watcher and the withdrawal tracker. */
  CHAIN_POLL_MS: withDefault(z.coerce.number().int().min(50), 2000),
  /** Seconds a new withdrawal address waits, and a risky change pauses withdrawals (24 h). */
  WITHDRAWAL_HOLD_SECONDS: withDefault(z.coerce.number().int().min(0), 86_400),
};

export interface ChainConfig {
  /** Undefined means: start a local anvil and deploy the contracts (development). */
  readonly rpcUrl: string | undefined;
  readonly chainId: number | undefined;
  readonly usdtAddress: `0x${string}` | undefined;
  readonly tokenAddress: `0x${string}` | undefined;
  readonly marketAddress: `0x${string}` | undefined;
  /** 0: use the `finalized` block tag. */
  readonly confirmations: number;
  readonly explorerUrl: string | undefined;
  /** The platform's HD wallet; never logged or returned. */
  readonly mnemonic: string;
  readonly anvilPort: number;
  readonly pollMs: number;
  /** How long a new withdrawal address waits, and a risky change pauses withdrawals. */
  readonly withdrawalHoldMs: number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CONTRACTS = ['USDT_ADDRESS', 'TOKEN_ADDRESS', 'MARKET_ADDRESS'] as const;

/** The chain's variables, parsed on their own so their problems come with every other one. */
const chainRulesSchema = z.object(chainEnv).pick({
  WALLET_MNEMONIC: true,
  HD_SEED: true,
  USDT_ADDRESS: true,
  TOKEN_ADDRESS: true,
  MARKET_ADDRESS: true,
  CHAIN_RPC_URL: true,
  CHAIN_ID: true,
});

/** The rules across the chain's variables (none while one of them fails to parse). */
export function chainProblems(env: NodeJS.ProcessEnv): string[] {
  const parsed = chainRulesSchema.safeParse(env);
  if (!parsed.success) return [];
  const e = parsed.data;
  const problems: string[] = [];
  const mnemonic = e.WALLET_MNEMONIC ?? e.HD_SEED;
  if (mnemonic !== undefined && !validateMnemonic(mnemonic, english)) {
    problems.push('WALLET_MNEMONIC: must be a valid BIP-39 mnemonic (english word list)');
  }
  for (const name of CONTRACTS) {
    const value = e[name];
    if (value !== undefined && !ADDRESS.test(value)) problems.push(`${name}: must be 0x + 40 hex`);
  }
  if (e.CHAIN_RPC_URL) {
    if (e.CHAIN_ID === undefined) problems.push('CHAIN_ID: required when CHAIN_RPC_URL is set');
    for (const name of CONTRACTS) {
      if (e[name] === undefined) problems.push(`${name}: required when CHAIN_RPC_URL is set`);
    }
  }
  return problems;
}

export function chainConfig(
  e: EnvOf<typeof chainEnv>,
  dataDir: string,
  nodeEnv: NodeEnv,
): ChainConfig {
  const chain: ChainConfig = {
    rpcUrl: e.CHAIN_RPC_URL,
    chainId: e.CHAIN_ID,
    usdtAddress: e.USDT_ADDRESS as `0x${string}` | undefined,
    tokenAddress: e.TOKEN_ADDRESS as `0x${string}` | undefined,
    marketAddress: e.MARKET_ADDRESS as `0x${string}` | undefined,
    confirmations: e.CHAIN_CONFIRMATIONS,
    explorerUrl: e.EXPLORER_URL?.replace(/\/+$/, ''),
    mnemonic: '',
    anvilPort: e.ANVIL_PORT,
    pollMs: e.CHAIN_POLL_MS,
    withdrawalHoldMs: e.WITHDRAWAL_HOLD_SECONDS * 1000,
  };
  // The mnemonic is not enumerable, so logging or serialising the config never shows it; a
  // development one is generated (and written to DATA_DIR) only when first asked for.
  let mnemonic = e.WALLET_MNEMONIC ?? e.HD_SEED;
  Object.defineProperty(chain, 'mnemonic', {
    get: () => (mnemonic ??= developmentMnemonic(dataDir, nodeEnv)),
    enumerable: false,
  });
  return Object.freeze(chain);
}
