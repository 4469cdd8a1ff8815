// Prints the gas each user-facing call uses on a fresh anvil, as a Markdown table for
// docs/benchmarks.md. Numbers are deterministic for a given compiler output and call order,
// since every run starts from the same empty chain.
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  getContract,
  http,
  type Address,
  type Hash,
} from 'viem';
import { foundry } from 'viem/chains';
import { startAnvil } from '../src/anvil.ts';
import { deployContracts } from '../src/deploy.ts';
import { MeeetMarketAbi } from '../src/artifacts/MeeetMarket.ts';
import { MeeetTokenAbi } from '../src/artifacts/MeeetToken.ts';
import { TestUSDTAbi } from '../src/artifacts/TestUSDT.ts';

const SILVER = 0;
const GOLD = 1;
const PLATINUM = 2;
const UNIT = 10n ** 18n;

const anvil = await startAnvil();
try {
  const transport = http(anvil.rpcUrl);
  // cacheTime 0: viem otherwise reuses the block number for seconds, and we read it twice.
  const publicClient = createPublicClient({ chain: foundry, transport, cacheTime: 0 });
  const accounts = (await createWalletClient({ chain: foundry, transport }).getAddresses()).map(
    (address) => getAddress(address),
  );
  const account = (index: number): Address => {
    const address = accounts[index];
    if (!address) throw new Error(`anvil has no account ${index}`);
    return address;
  };
  const [deployer, admin, treasury, minter, a, b, c, d, generatorA, generatorB] = Array.from(
    { length: 10 },
    (_, index) => account(index),
  ) as [Address, Address, Address, Address, Address, Address, Address, Address, Address, Address];
  const walletClient = createWalletClient({ chain: foundry, transport, account: deployer });

  const startBlock = await publicClient.getBlockNumber();
  const addresses = await deployContracts({ walletClient, publicClient, admin, treasury, minter });
  const rows: [string, bigint][] = [];
  const endBlock = await publicClient.getBlockNumber();
  const names: Record<Address, string> = {
    [addresses.usdt]: 'deploy TestUSDT',
    [addresses.token]: 'deploy MeeetToken',
    [addresses.market]: 'deploy MeeetMarket',
  };
  for (let block = startBlock + 1n; block <= endBlock; block++) {
    for (const receipt of await publicClient.getBlockReceipts({ blockNumber: block })) {
      const created = receipt.contractAddress ? getAddress(receipt.contractAddress) : undefined;
      if (created && names[created]) rows.push([names[created], receipt.gasUsed]);
    }
  }

  const client = { public: publicClient, wallet: walletClient };
  const market = getContract({ address: addresses.market, abi: MeeetMarketAbi, client });
  const token = getContract({ address: addresses.token, abi: MeeetTokenAbi, client });
  const usdt = getContract({ address: addresses.usdt, abi: TestUSDTAbi, client });

  const measure = async (label: string | null, hash: Promise<Hash>): Promise<void> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== 'success') throw new Error(`${label ?? 'setup'} reverted`);
    if (label) rows.push([label, receipt.gasUsed]);
  };

  for (const buyer of [a, b, c, d]) await measure(null, usdt.write.mint([buyer, 100_000n * UNIT]));
  await measure(
    'USDT transfer (to an empty balance)',
    usdt.write.transfer([generatorA, UNIT], { account: a }),
  );
  await measure(
    'USDT approve (market, unlimited)',
    usdt.write.approve([addresses.market, 2n ** 256n - 1n], { account: a }),
  );
  for (const buyer of [b, c, d]) {
    await measure(
      null,
      usdt.write.approve([addresses.market, 2n ** 256n - 1n], { account: buyer }),
    );
  }

  await measure(
    'mintStock(level, 1) into stock',
    market.write.mintStock([SILVER, 1n], { account: minter }),
  );
  await measure(
    'mintStock(level, 10) into stock',
    market.write.mintStock([GOLD, 10n], { account: minter }),
  );
  await measure('buy from stock, genesis token', market.write.buy([SILVER], { account: a }));
  await measure(
    'mintGenerated into stock',
    market.write.mintGenerated([PLATINUM, generatorA, generatorB], { account: minter }),
  );
  await measure('buy from stock, generated token', market.write.buy([PLATINUM], { account: a }));

  await measure('buy into queue (empty queue)', market.write.buy([SILVER], { account: b }));
  await measure('buy into queue (behind others)', market.write.buy([SILVER], { account: c }));
  await measure(null, market.write.buy([SILVER], { account: d }));
  await measure('leaveQueue (tail)', market.write.leaveQueue([SILVER], { account: d }));
  await measure(
    'mintGenerated serving the queue head',
    market.write.mintGenerated([SILVER, generatorA, generatorB], { account: minter }),
  );
  await measure(
    'mintStock(level, 1) serving the queue head',
    market.write.mintStock([SILVER, 1n], { account: minter }),
  );
  await measure(
    'return a token to the market (safeTransferFrom)',
    token.write.safeTransferFrom([a, addresses.market, 1n], { account: a }),
  );

  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`| ${'Call'.padEnd(width)} | Gas used |`);
  console.log(`| ${'-'.repeat(width)} | -------: |`);
  for (const [label, gas] of rows)
    console.log(`| ${label.padEnd(width)} | ${gas.toString().padStart(8)} |`);
} finally {
  await anvil.stop();
}
