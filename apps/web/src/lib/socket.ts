import { createSocketClient } from '@meeet/client/socket';
import i18n from '../i18n/i18n.ts';
import { STORAGE_KEYS, readStorage } from './storage.ts';

/**
 * The shared spec §7/§9 socket (packages/client) on the page's own host. socket.io-client
 * loads on first connect so the first page view does not pay for it.
 */
const client = createSocketClient({
  library: { load: () => import('socket.io-client') },
  accessKey: () => readStorage(STORAGE_KEYS.accessKey),
  failureMessage: (code) => i18n.t(`error.${code}`, { ns: 'core' }),
});

export const { connect, disconnect, off } = client;
export const emit = client.send;
export const on: typeof client.on = client.on;
