import { describe, expect, it } from 'vitest';
import {
  assertionClientData,
  formatAssertionHeader,
  parseAssertionHeader,
} from './app-assertion.ts';

describe('app assertions', () => {
  it('binds method, path, time and body in one text the app and the server both build', () => {
    expect(
      assertionClientData({
        method: 'post',
        path: '/api/meetings/handshake',
        time: 1_700_000_000_000,
        body: '{"method":"code","code":"123456"}',
      }),
    ).toBe(
      'meeet-assert:1\nPOST\n/api/meetings/handshake\n1700000000000\n{"method":"code","code":"123456"}',
    );
  });

  it('round-trips the header and refuses what is not one', () => {
    const header = { keyId: 'a2V5+/==', time: 1_700_000_000_000, assertion: 'o2Fz' };
    expect(parseAssertionHeader(formatAssertionHeader(header))).toEqual(header);
    expect(parseAssertionHeader('')).toBeNull();
    expect(parseAssertionHeader('a:b')).toBeNull();
    expect(parseAssertionHeader('a2V5:soon:o2Fz')).toBeNull();
    expect(parseAssertionHeader('a2V5:1:o2Fz:extra')).toBeNull();
    expect(parseAssertionHeader('not base64!:1:o2Fz')).toBeNull();
  });
});
