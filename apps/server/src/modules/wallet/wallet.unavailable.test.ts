import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, generateMnemonic } from 'viem/accounts';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { Chain } from '../chain/chain.client.ts';

describe('wallet without a chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 until a chain is attached, and 503 while its node does not answer', async () => {
    const { token } = await registerUser(t.app);
    for (const url of ['/api/crypto', '/api/crypto/fee']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    // The history is the database's: it answers without a chain.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/crypto/transaction',
      headers: bearer(token),
    });
    expect(list.json()).toEqual({ offset: 0, limit: 20, total: 0, list: [] });

    t.app.chain.attach(
      new Chain({
        rpcUrl: 'http://127.0.0.1:9',
        chainId: 97,
        contracts: {
          usdt: '0x55d398326f99059fF775485246999027B3197955',
          token: null,
          market: null,
        },
        confirmations: 0,
        explorerUrl: 'https://testnet.bscscan.com',
        mnemonic: generateMnemonic(english),
        local: false,
      }),
    );
    const info = await t.app.inject({ method: 'GET', url: '/api/crypto' });
    expect(info.json()).toMatchObject({
      chainId: 97,
      networkName: 'bsc-testnet',
      devFunding: false,
    });
    const fee = await t.app.inject({ method: 'GET', url: '/api/crypto/fee' });
    expect(fee.statusCode).toBe(503);
    const fund = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/dev/fund',
      headers: bearer(token),
    });
    expect(fund.statusCode).toBe(404);
    // Reported, but no reason to take the process out of the load balancer.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().chain.state).toBe('down');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
