import { z } from 'zod';
import type { ErrorParam } from '../i18n/params.ts';

/**
 * Stable error codes sent on the wire. The human message for each lives in the message
 * catalogue under `error.<CODE>` (packages/core/src/i18n/error-messages.ts).
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  CONDITIONS_NOT_MET: 'CONDITIONS_NOT_MET',
  INVALID_CODE: 'INVALID_CODE',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
  /** A withdrawal above the withdrawable amount (422). */
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  /** Not enough BNB at the user's address for the network fee (422); `details` has balance and minFee. */
  INSUFFICIENT_FEE: 'INSUFFICIENT_FEE',
  /** An Idempotency-Key already used for a different request, or whose first request is still running (409). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The request body did not arrive in time (408). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** The request's headers are larger than the server accepts (431). */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** A moderator banned the account: sign-in is refused (403). */
  ACCOUNT_BANNED: 'ACCOUNT_BANNED',
  /** A position no phone could have reached from its last one (a jump, 422). */
  POSITION_IMPLAUSIBLE: 'POSITION_IMPLAUSIBLE',
  /** A map watch centred too far from the watcher's own position, or before any (422). */
  WATCH_OUT_OF_REACH: 'WATCH_OUT_OF_REACH',
  /** A meeting call without an App Attest assertion where one is required (403). */
  DEVICE_NOT_ATTESTED: 'DEVICE_NOT_ATTESTED',
  /** An App Attest attestation that does not verify, or a spent or unknown challenge (400). */
  ATTESTATION_INVALID: 'ATTESTATION_INVALID',
  /** An assertion that does not verify: signature, key, account, counter or time (403). */
  ASSERTION_INVALID: 'ASSERTION_INVALID',
  /** Two accounts on one attested phone cannot meet each other (409). */
  SAME_DEVICE: 'SAME_DEVICE',
  /**
   * A proposed meeting could never mint (422): nothing started; `details.reasons` lists the
   * meeting reasons, comma-separated.
   */
  MEETING_CANNOT_MINT: 'MEETING_CANNOT_MINT',
  /** Withdrawals are paused after a risky change (403); `details` has reason and until. */
  WITHDRAWALS_HELD: 'WITHDRAWALS_HELD',
  /** A saved address still in its hold (403); `details.usableFrom` says when it may receive. */
  ADDRESS_ON_HOLD: 'ADDRESS_ON_HOLD',
  /** "Only to saved addresses" is on and this address is not saved (403). */
  ADDRESS_NOT_SAVED: 'ADDRESS_NOT_SAVED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The one HTTP status of each code: a code always travels with the same status, so throwing
 * sites name only the code.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  CONDITIONS_NOT_MET: 403,
  INVALID_CODE: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  UNKNOWN_ERROR: 500,
  INSUFFICIENT_FUNDS: 422,
  INSUFFICIENT_FEE: 422,
  IDEMPOTENCY_KEY_REUSED: 409,
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  ACCOUNT_BANNED: 403,
  POSITION_IMPLAUSIBLE: 422,
  WATCH_OUT_OF_REACH: 422,
  DEVICE_NOT_ATTESTED: 403,
  ATTESTATION_INVALID: 400,
  ASSERTION_INVALID: 403,
  SAME_DEVICE: 409,
  MEETING_CANNOT_MINT: 422,
  WITHDRAWALS_HELD: 403,
  ADDRESS_ON_HOLD: 403,
  ADDRESS_NOT_SAVED: 403,
};

// From the object itself, not a computed list: a build can then drop the schema where it is
// unused (the web's market imports ErrorCode, not the schema; issue 17).
export const errorCodeSchema = z.enum(ErrorCode);

/** The one error body every failing call answers with. */
export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** Field-level problems for validation errors: path → translated message. */
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
  /** Machine-readable facts of the refusal (INSUFFICIENT_FEE: balance, minFee in wei). */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The one error class services throw. `messageKey` names a catalogue entry; the server's
 * error handler translates it into the caller's locale. `params` fill `{placeholders}`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: string;
  readonly params: Readonly<Record<string, ErrorParam>> | undefined;
  readonly fields: Record<string, string> | undefined;
  /** Sent as the Retry-After header (rate limits, overload). */
  readonly retryAfterSeconds: number | undefined;
  /** Sent as the body's `details`. */
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: string;
      params?: Readonly<Record<string, ErrorParam>>;
      /** Field path → message key (or text); keys are translated like validation messages. */
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      details?: Record<string, string>;
    } = {},
  ) {
    super(options.messageKey ?? `error.${code}`);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.messageKey = options.messageKey ?? `error.${code}`;
    this.params = options.params;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
