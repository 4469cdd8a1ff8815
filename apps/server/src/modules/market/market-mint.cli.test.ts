import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { english, generateMnemonic } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeeetMarketAbi } from '@meeet/contracts/artifacts/MeeetMarket';
import { startAnvil, type AnvilInstance } from '@meeet/contracts/anvil';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { Chain } from '../chain/chain.client.ts';
import { deployOnAnvil } from '../../../test/chain.ts';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run market:mint', () => {
  let t: TestApp;
  let anvil: AnvilInstance;
  let chain: Chain;
  const mnemonic = generateMnemonic(english);

  beforeAll(async () => {
    t = await createTestApp();
    anvil = await startAnvil({ port: 0 });
    chain = await deployOnAnvil(anvil, { db: t.db, mnemonic, log: t.app.log });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it('mints genesis stock with the hot wallet, and explains bad arguments', async () => {
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(tmpdir(), 'meeet-test-data'),
      DATABASE_URL: t.config.databaseUrl!,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(anvil.chainId),
      USDT_ADDRESS: chain.contracts.usdt,
      TOKEN_ADDRESS: chain.contracts.token!,
      MARKET_ADDRESS: chain.contracts.market!,
      WALLET_MNEMONIC: mnemonic,
    };
    const cli = (...args: string[]) =>
      run('npx', ['tsx', 'src/cli/market-mint.ts', ...args], { env, cwd: SERVER_DIR });
    const { stdout } = await cli('gold', '3');
    expect(stdout).toMatch(
      /^Minted 3 \(ids 1, 2, 3\) in 0x[0-9a-f]{64}: 0 to queued buyers; stock 3/,
    );
    const stock = await chain.publicClient.readContract({
      address: chain.contracts.market!,
      abi: MeeetMarketAbi,
      functionName: 'stockOf',
      args: [1],
    });
    expect(stock).toBe(3n);
    await expect(cli('diamond', '1')).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown level "diamond"'),
    });
    await expect(cli('0', '0')).rejects.toMatchObject({
      stderr: expect.stringContaining('count'),
    });
  }, 60_000);
});
