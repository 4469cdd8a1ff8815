import { createApiClient } from '@meeet/client/api-client';
import { HTTP_HEADERS } from '@meeet/core/constants';
import type { ErrorCode } from '@meeet/core/api/errors';
import i18n from '../i18n/i18n.ts';
import { readAffiliate } from './affiliate.ts';
import { getFingerprint } from './fingerprint.ts';
import { logout } from './session.ts';
import { getToken } from './stores/auth-store.ts';
import { useErrorsStore } from './stores/errors-store.ts';

export type {
  ApiFailure,
  ApiResult,
  ApiSuccess,
  QueryParams,
  QueryValue,
  RequestOptions,
  ResponseSchema,
  SchemaSource,
} from '@meeet/client/api-client';

export const API_BASE = '/api';

// Checked against core's ErrorCode at compile time (a value import would pull zod in).
const UNKNOWN_ERROR = 'UNKNOWN_ERROR' satisfies ErrorCode;

/** The shared client (packages/client) on the page's own origin, with the web's extras. */
export const api = createApiClient({
  origin: () => '',
  token: getToken,
  fingerprint: getFingerprint,
  locale: () => i18n.resolvedLanguage ?? i18n.language,
  headers: () => {
    const { cpa, uid } = readAffiliate();
    const headers: Record<string, string> = {};
    if (cpa) headers[HTTP_HEADERS.CPA_LINK_ID] = cpa;
    if (uid) headers[HTTP_HEADERS.CPA_UID] = uid;
    return headers;
  },
  onUnauthorized: () => logout({ redirect: false }),
  onFailure: (failure, url, serverMessage) =>
    useErrorsStore
      .getState()
      .record({ code: failure.code, url, message: serverMessage ?? UNKNOWN_ERROR }),
});

export const buildUrl = api.url;
