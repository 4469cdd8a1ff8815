import { io } from 'socket.io-client';
import { createSocketClient } from '@meeet/client/socket';
import { apiOrigin } from './config.ts';
import { fingerprint } from './fingerprint.ts';
import { text } from './i18n.ts';
import { currentLocale } from './locale-state.ts';
import { token } from './session.ts';
import { createStore } from './store.ts';

export type { AppSocket, EmitOptions } from '@meeet/client/socket';

export const socketState = createStore<{ connected: boolean }>({ connected: false });

/**
 * The shared spec §7/§9 socket (packages/client) on the configured server, with the device's
 * fingerprint in the handshake. The library is the app's own copy, bundled once.
 */
const client = createSocketClient({
  library: { io },
  origin: apiOrigin,
  accessKey: token,
  headers: () => ({ 'x-fp': fingerprint() }),
  onConnectedChange: (connected) => socketState.set({ connected }),
  failureMessage: (code) =>
    text(currentLocale(), code === 'SERVICE_UNAVAILABLE' ? 'm.common.offline' : `error.${code}`),
});

export const { connect, disconnect, on } = client;
export const emit = client.request;
