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

async function assertionResponse(): Promise<ApiResult<Record<string, unknown>>> {
  const options = await api.post(
    factorsPaths.passkeyAssertOptions,
    {},
    passkeyOptionsResponseSchema,
  );
  if (!options.ok) return options;
  const response = await startAuthentication({
    optionsJSON: options.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ok: true, code: 200, data: response as unknown as Record<string, unknown> };
}

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

/** Creates a passkey for the signed-in user; `factor` proves an existing factor if asked. */
export async function createPasskeyResponse(): Promise<ApiResult<Record<string, unknown>>> {
  const options = await api.post(
    factorsPaths.passkeyRegisterOptions,
    {},
    passkeyOptionsResponseSchema,
  );
  if (!options.ok) return options;
  const response = await startRegistration({
    optionsJSON: options.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return { ok: true, code: 200, data: response as unknown as Record<string, unknown> };
}

/** Stores a created passkey (with a factor header when the server asks for one). */
export function registerPasskey(body: PasskeyRegisterRequest, factor?: string) {
  return api.post(factorsPaths.passkeyRegister, body, undefined, factorHeaders(factor));
}

/** The per-call headers carrying a factor, if any. */
export function factorHeaders(factor: string | undefined) {
  return factor ? { headers: { [FACTOR_HEADER]: factor } } : undefined;
}
