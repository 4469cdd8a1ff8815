import { createApiClient } from '@meeet/client/api-client';
import { apiOrigin } from './config.ts';
import { assertionHeaders, inSigningTurn, isSignedCall } from './device-key.ts';
import { fingerprint } from './fingerprint.ts';
import { currentLocale } from './locale-state.ts';
import { signOut, token } from './session.ts';

export { ApiError, unwrap } from '@meeet/client/api-client';
export type {
  ApiFailure,
  ApiResult,
  ApiSuccess,
  QueryParams,
  ResponseSchema,
} from '@meeet/client/api-client';

/**
 * The shared client (packages/client) on the configured server, with the meeting calls signed
 * by App Attest (issue 39). Spec §8: a 401 signs out; the screens follow the session.
 */
export const api = createApiClient({
  origin: apiOrigin,
  token,
  fingerprint,
  locale: currentLocale,
  onUnauthorized: () => {
    if (token()) void signOut();
  },
  signer: {
    signs: isSignedCall,
    headers: assertionHeaders,
    inTurn: inSigningTurn,
  },
});

export const buildUrl = api.url;
