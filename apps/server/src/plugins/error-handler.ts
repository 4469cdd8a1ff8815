import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, ErrorCode, type ErrorBody } from '@meeet/core/api/errors';
import type { Locale } from '@meeet/core/i18n/locale';
import { isMessageKey } from '@meeet/core/i18n/messages';
import { translate, type MessageParams } from '@meeet/core/i18n/translate';
import { busyError, isDatabaseBusy } from '../db/busy.ts';
import { isRedisUnavailable, recordRedisFailure } from './redis.ts';

/** Status → code for errors raised by Fastify and its plugins rather than by our services. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/**
 * Builds the one error body. `messageKey` defaults to the code's own catalogue entry; the
 * message is always in the caller's language.
 */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  options: {
    messageKey?: string;
    params?: MessageParams;
    fields?: Record<string, string>;
    details?: Record<string, string>;
  } = {},
): ErrorBody {
  return {
    code,
    message: translate(request.locale, options.messageKey ?? `error.${code}`, options.params),
    ...(options.fields && Object.keys(options.fields).length > 0 ? { fields: options.fields } : {}),
    requestId: request.id,
    ...(options.details ? { details: options.details } : {}),
  };
}

/**
 * Rules in core put message keys into zod issues; those are translated. Zod's own messages
 * (a wrong type, say) are not in the catalogue and pass through as they are.
 */
function fieldMessage(locale: Locale, message: string, params?: MessageParams): string {
  return isMessageKey(message) ? translate(locale, message, params) : message;
}

/**
 * Length messages ('msg.min-length', 'msg.max-length') say `{count}`; zod keeps the limit on
 * the issue as `minimum` / `maximum`, which the zod type provider passes on as `params`.
 */
function countParams(params: unknown): Record<string, number> | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const { minimum, maximum } = params as { minimum?: unknown; maximum?: unknown };
  const limit = [maximum, minimum].find(
    (value) => typeof value === 'number' || typeof value === 'bigint',
  );
  return limit === undefined ? undefined : { count: Number(limit) };
}

/** `/address/city` → `address.city`; an empty path names the whole part (`body`, `querystring`). */
function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

function validationFields(
  locale: Locale,
  issues: readonly { instancePath: string; message?: string | undefined; params?: unknown }[],
  context: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = fieldPath(issue.instancePath, context);
    // One message per field, the first one: a form shows one error at a time (spec §4).
    fields[path] ??= fieldMessage(
      locale,
      issue.message ?? 'error.VALIDATION_ERROR',
      countParams(issue.params),
    );
  }
  return fields;
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'no database connection in time');
    return handleError(busyError(), request, reply);
  }
  if (isRedisUnavailable(error)) {
    // What needs the shared state while Redis is away: 503 with a code, the caller retries.
    recordRedisFailure(request.log, `${request.method} ${request.routeOptions.url ?? ''}`, error);
    return handleError(new AppError(ErrorCode.SERVICE_UNAVAILABLE), request, reply);
  }
  if (error instanceof AppError) {
    if (error.status >= 500 && error.status !== 503) {
      request.log.error({ err: error }, 'request failed');
    }
    if (error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const fields = error.fields
      ? Object.fromEntries(
          Object.entries(error.fields).map(([path, message]) => [
            path,
            fieldMessage(request.locale, message, error.params),
          ]),
        )
      : undefined;
    return send(
      reply,
      error.status,
      errorBody(request, error.code, {
        messageKey: error.messageKey,
        params: error.params,
        fields,
        ...(error.details ? { details: error.details } : {}),
      }),
    );
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = 'validationContext' in error ? String(error.validationContext) : undefined;
    return send(
      reply,
      400,
      errorBody(request, ErrorCode.VALIDATION_ERROR, {
        fields: validationFields(request.locale, error.validation, context),
      }),
    );
  }

  // Our response did not match its schema: a bug of ours, never the caller's.
  if (error instanceof ResponseSerializationError) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'response does not match its schema',
    );
    return send(reply, 500, errorBody(request, ErrorCode.INTERNAL_ERROR));
  }

  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON, a body too large, an unsupported content type, a rate limit and the like.
    request.log.info(
      { err: { message: error.message, code: (error as FastifyError).code } },
      'request rejected',
    );
    return send(reply, status, errorBody(request, CODE_BY_STATUS[status] ?? ErrorCode.BAD_REQUEST));
  }

  // Anything else is unexpected: log it in full with the request id, answer with nothing of it.
  request.log.error({ err: error }, 'unexpected error');
  const publicStatus = status === 503 ? 503 : 500;
  return send(
    reply,
    publicStatus,
    errorBody(request, CODE_BY_STATUS[publicStatus] ?? ErrorCode.INTERNAL_ERROR),
  );
}

/** Answers an unknown API route in the same shape as every other failure. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, errorBody(request, ErrorCode.NOT_FOUND));
}

/** Node's parser errors that have a status of their own; anything else it cannot parse is 400. */
const CLIENT_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: ErrorCode.HEADERS_TOO_LARGE,
  ERR_HTTP_REQUEST_TIMEOUT: ErrorCode.REQUEST_TIMEOUT,
};

/**
 * Requests Node's HTTP parser rejects (a malformed request line, oversized headers) never
 * reach Fastify's routing; they still get the one error body. No request exists yet, so there
 * is no locale (English) and no request id.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? ErrorCode.BAD_REQUEST;
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ code, message: translate('en', `error.${code}`) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(handleError);
}

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });
