import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
  type Address,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_DEFAULT_CHAIN_ID, ANVIL_MNEMONIC } from '@meeet/contracts/anvil';
import { deployContracts, tokenBaseUri } from '@meeet/contracts/deploy';
import { loadConfig } from '../config.ts';
import { HdWallet } from '../modules/chain/hd-wallet.ts';
import { UsageError, runCommand } from './run-command.ts';

const USAGE =
  'Usage: CHAIN_RPC_URL=… CHAIN_ID=31337 USDT_ADDRESS=… TOKEN_ADDRESS=… MARKET_ADDRESS=… ' +
  'WALLET_MNEMONIC=… node apps/server/dist/cli/local-chain-deploy.js';
/** BNB the platform's hot wallet gets for gas on a fresh local node (as `npm start` gives it). */
const HOT_WALLET_BNB = parseEther('100');

/**
 * For staging-like stacks (compose.yaml) whose chain is a separate local anvil: deploys
 * TestUSDT, MeeetToken and MeeetMarket with the node's funded dev account, makes the platform's
 * hot wallet (WALLET_MNEMONIC) treasury and minter, and gives it BNB for gas. A fresh node puts
 * the first deployments of that account at fixed addresses, so the app services are configured
 * with them up front; this checks they match, and does nothing when the contracts are there.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const c = config.chain;
  if (!c.rpcUrl || !c.usdtAddress || !c.tokenAddress || !c.marketAddress) {
    throw new UsageError('CHAIN_RPC_URL and the three contract addresses are required');
  }
  if (c.chainId !== ANVIL_DEFAULT_CHAIN_ID) {
    throw new UsageError(
      `local chains only (CHAIN_ID ${ANVIL_DEFAULT_CHAIN_ID}): TestUSDT is no USDT`,
    );
  }
  const chain = defineChain({
    id: c.chainId,
    name: 'local',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(c.rpcUrl) });
  const actual = await publicClient.getChainId();
  if (actual !== c.chainId) throw new UsageError(`CHAIN_RPC_URL serves chain ${actual}`);
  const expected = { usdt: c.usdtAddress, token: c.tokenAddress, market: c.marketAddress };
  const code = await publicClient.getCode({ address: expected.market });
  if (code && code !== '0x') {
    console.log(`Contracts already deployed: market ${expected.market}`);
    return 0;
  }

  const funder = mnemonicToAccount(ANVIL_MNEMONIC);
  const walletClient = createWalletClient({ account: funder, chain, transport: http(c.rpcUrl) });
  const hot = new HdWallet(c.mnemonic).hot.address;
  const deployed = await deployContracts({
    walletClient,
    publicClient,
    admin: funder.address,
    treasury: hot,
    minter: hot,
    // After the three deployments, so their addresses stay the ones configured.
    baseTokenURI: tokenBaseUri(config.publicUrl),
  });
  const gas = await walletClient.sendTransaction({ to: hot, value: HOT_WALLET_BNB });
  await publicClient.waitForTransactionReceipt({ hash: gas });
  const mismatched = (Object.keys(expected) as (keyof typeof expected)[]).filter(
    (name) => getAddress(deployed[name]) !== getAddress(expected[name] as Address),
  );
  console.log(
    `Deployed: USDT ${deployed.usdt}, token ${deployed.token}, market ${deployed.market}`,
  );
  if (mismatched.length > 0) {
    console.error(
      `The node was not fresh: ${mismatched.join(', ')} landed elsewhere than configured. ` +
        'Configure the addresses above, or start from a fresh node.',
    );
    return 1;
  }
  return 0;
}

await runCommand(USAGE, main);
