import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { authResponseSchema } from '@meeet/core/api/user';
import {
  encodeFactorProof,
  passkeyOptionsResponseSchema,
  type PasskeyRegisterRequest,
} from '@meeet/core/api/factors';
import { FACTOR_HEADER, factorsPaths } from '@meeet/core/api/factors-paths';
import { api, type ApiResult } from './api-client.ts';

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * One browser ceremony: options from `path`, then the browser's answer (which throws if the
 * user declines), as the plain JSON the server reads.
 */
async function ceremony(
  path: string,
  run: (options: Record<string, unknown>) => Promise<object>,
): Promise<ApiResult<Record<string, unknown>>> {
  const options = await api.post(path, {}, passkeyOptionsResponseSchema);
  if (!options.ok) return options;
  const response = await run(options.data.options);
  return { ok: true, code: 200, data: { ...response } };
}

const assertionResponse = () =>
  ceremony(factorsPaths.passkeyAssertOptions, (options) =>
    startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    }),
  );

/** A signed-in user's passkey proof, as the factor header carries it (throws if declined). */
export async function passkeyFactor(): Promise<string | null> {
  const result = await assertionResponse();
  return result.ok ? encodeFactorProof({ kind: 'passkey', response: result.data }) : null;
}

/** Signs in with a passkey the browser offers (throws if the user declines). */
export async function signInWithPasskey() {
  const response = await assertionResponse();
  if (!response.ok) return response;
  return api.post(factorsPaths.passkeyLogin, { response: response.data }, authResponseSchema);
}

/** Creates a passkey for the signed-in user with this browser (throws if declined). */
export const createPasskeyResponse = () =>
  ceremony(factorsPaths.passkeyRegisterOptions, (options) =>
    startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    }),
  );

/** Stores a created passkey (with a factor header when the server asks for one). */
export function registerPasskey(body: PasskeyRegisterRequest, factor?: string) {
  return api.post(factorsPaths.passkeyRegister, body, undefined, factorHeaders(factor));
}

/** The per-call headers carrying a factor, if any. */
export function factorHeaders(factor: string | undefined) {
  return factor ? { headers: { [FACTOR_HEADER]: factor } } : undefined;
}
