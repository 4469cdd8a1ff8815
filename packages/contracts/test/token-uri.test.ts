import { getContract } from 'viem';
import { describe, expect, it } from 'vitest';
import { MeeetTokenAbi } from '../src/artifacts/MeeetToken.ts';
import { DEFAULT_ADMIN_ROLE, deployContracts, tokenBaseUri } from '../src/deploy.ts';
import { useFixture, events, expectRevert, GOLD, SILVER } from './fixture.ts';

const f = useFixture();

describe('tokenURI', () => {
  it('is the base URI the admin set followed by the decimal id', async () => {
    await f.mintStock(SILVER, 1);
    await f.mintStock(GOLD, 1);
    // The fixture deploys without a base: ERC-721's empty URI.
    expect(await f.token.read.tokenURI([1n])).toBe('');

    const receipt = await f.mined(
      f.token.write.setBaseURI(['https://meeet.example/api/market/tokens/'], {
        account: f.admin,
      }),
    );
    const logs = events(receipt);
    expect(logs.find((log) => log.eventName === 'BaseURIChanged')?.args).toEqual({
      previousBaseURI: '',
      newBaseURI: 'https://meeet.example/api/market/tokens/',
    });
    // ERC-4906: marketplaces refresh every token.
    expect(logs.find((log) => log.eventName === 'BatchMetadataUpdate')?.args).toEqual({
      fromTokenId: 1n,
      toTokenId: 2n ** 256n - 1n,
    });
    expect(await f.token.read.baseURI()).toBe('https://meeet.example/api/market/tokens/');
    expect(await f.token.read.tokenURI([1n])).toBe('https://meeet.example/api/market/tokens/1');
    expect(await f.token.read.tokenURI([2n])).toBe('https://meeet.example/api/market/tokens/2');
  });

  it('refuses a token that does not exist', async () => {
    await expectRevert(f.token.read.tokenURI([99n]), 'ERC721NonexistentToken', [99n]);
  });

  it('lets only the admin change the base', async () => {
    const stranger = f.user(0);
    await expectRevert(
      f.token.simulate.setBaseURI(['https://evil.example/'], { account: stranger }),
      'AccessControlUnauthorizedAccount',
      [stranger, DEFAULT_ADMIN_ROLE],
    );
  });

  it('declares ERC-721 metadata and ERC-4906', async () => {
    expect(await f.token.read.supportsInterface(['0x5b5e139f'])).toBe(true);
    expect(await f.token.read.supportsInterface(['0x49064906'])).toBe(true);
    expect(await f.token.read.supportsInterface(['0xffffffff'])).toBe(false);
  });

  it('is set at deployment from the public URL, before the admin role is handed over', async () => {
    const again = await deployContracts({
      walletClient: f.walletClient,
      publicClient: f.publicClient,
      admin: f.admin,
      treasury: f.treasury,
      minter: f.minter,
      usdt: f.addresses.usdt,
      baseTokenURI: tokenBaseUri('https://meeet.example/'),
    });
    const token = getContract({ address: again.token, abi: MeeetTokenAbi, client: f.publicClient });
    expect(await token.read.baseURI()).toBe('https://meeet.example/api/market/tokens/');
    expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, f.deployer])).toBe(false);
    expect(await token.read.hasRole([DEFAULT_ADMIN_ROLE, f.admin])).toBe(true);
  });
});
