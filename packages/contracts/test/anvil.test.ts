import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { ANVIL_MNEMONIC, anvilBinaryPath, startAnvil } from '../src/anvil.ts';

describe('startAnvil', () => {
  it('starts on a free port with the chain id asked for, and stops', async () => {
    expect(anvilBinaryPath()).toMatch(/anvil(\.exe)?$/);
    const anvil = await startAnvil({ chainId: 56 });
    try {
      expect(anvil.mnemonic).toBe(ANVIL_MNEMONIC);
      expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
      const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
      expect(await client.getChainId()).toBe(56);
    } finally {
      await anvil.stop();
    }
    const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }) });
    await expect(client.getChainId()).rejects.toThrow();
    // stop() twice is harmless, as a server's shutdown path may call it after a test did.
    await anvil.stop();
  });
});
