import { Readable } from 'node:stream';
import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attestChallengeSchema,
  attestRequestSchema,
  attestResponseSchema,
  devicesPaths,
} from '@meeet/core/api/devices';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { HTTP_HEADERS } from '@meeet/core/constants';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf, requestFingerprint } from '../../plugins/auth.ts';
import { consumeOrRefuse } from '../../plugins/limiters.ts';

const tags = ['devices'];
/** Challenges and attestations per user per minute: an install attests once. */
const ATTESTS_PER_MINUTE = 10;
/** The largest meeting call body an assertion covers (they are a few hundred bytes). */
const ASSERTED_BODY_MAX = 64 * 1024;

const assertedBodies = new WeakMap<FastifyRequest, string>();

function assertionHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[HTTP_HEADERS.APP_ASSERTION];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A route's `preParsing` hook for calls an assertion may cover: keeps the body's bytes as they
 * came (the signature covers them, not the parsed object) and hands the parser the same bytes.
 */
export const keepAssertedBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  if (assertionHeader(request) === undefined) return payload;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > ASSERTED_BODY_MAX) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  assertedBodies.set(request, raw.toString('utf8'));
  return Readable.from([raw]);
};

/**
 * The device a meeting call proves (`DevicesService.meetingDevice`): its attested key, or where
 * App Attest is optional and the call has no assertion, its fingerprint. Refuses with 403
 * `DEVICE_NOT_ATTESTED` or `ASSERTION_INVALID`. Routes with a body use `keepAssertedBody`.
 */
export function meetingDevice(request: FastifyRequest): Promise<string | null> {
  return request.server.devices.meetingDevice({
    userId: authOf(request).user.id,
    assertion: assertionHeader(request),
    method: request.method,
    path: request.url.split('?')[0]!,
    body: assertedBodies.get(request) ?? '',
    fingerprint: requestFingerprint(request),
  });
}

/** App Attest: the challenge and the attestation of the app's key (issue 39). */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices } = app;
  const limiter = app.createLimiter({
    keyPrefix: 'devices-attest',
    points: ATTESTS_PER_MINUTE,
    durationSeconds: 60,
  });
  const limit = (userId: number) => consumeOrRefuse(limiter, String(userId));

  const signedIn = routeOptions(tags, app.requireAuth);

  app.post(
    devicesPaths.challenge,
    signedIn('A one-time challenge for attesting this phone with App Attest', {
      response: { 200: attestChallengeSchema },
    }),
    async (request) => {
      const auth = authOf(request);
      await limit(auth.user.id);
      return devices.challenge(auth);
    },
  );

  app.post(
    devicesPaths.attest,
    signedIn(
      "Attest the app's key (or assert a key attested before): it becomes your meetings' device",
      { body: attestRequestSchema, response: { 200: attestResponseSchema } },
    ),
    async (request) => {
      const auth = authOf(request);
      await limit(auth.user.id);
      return devices.attest(auth, request.body);
    },
  );
};
