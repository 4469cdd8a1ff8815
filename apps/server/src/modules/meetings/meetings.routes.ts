import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceLockLiftSchema,
  deviceLockSchema,
  handshakeCodeResponseSchema,
  handshakeRequestSchema,
  handshakeResponseSchema,
  meetingIdParamsSchema,
  meetingListQuerySchema,
  meetingListSchema,
  meetingPingResponseSchema,
  meetingPingSchema,
  meetingSchema,
  meetingsPaths,
  meetingsStatusSchema,
  meetingUserIdParamsSchema,
  moderationMeetingListSchema,
  proximityTokensResponseSchema,
} from '@meeet/core/api/meetings';
import { Role } from '@meeet/core/roles';
import { authOf } from '../../plugins/auth.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { consumeOrRefuse } from '../../plugins/limiters.ts';
import { keepAssertedBody, meetingDevice } from '../devices/devices.routes.ts';

const tags = ['meetings'];
/** Handshake attempts per user per minute: a 6-digit code cannot be guessed in its 2 minutes. */
const HANDSHAKES_PER_MINUTE = 10;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Your meetings as records: the list, one, your status and device lock. */
function recordRoutes(app: App): void {
  const { meetings } = app;

  const signedIn = routeOptions(tags, app.requireAuth);

  app.get(
    meetingsPaths.list,
    signedIn('Your meetings, newest first: partner, time, level, outcome, reasons, token', {
      querystring: meetingListQuerySchema,
      response: { 200: meetingListSchema },
    }),
    (request) => meetings.list(authOf(request), request.query),
  );

  app.get(
    meetingsPaths.status,
    signedIn('Your active meeting, device lock, denial counter and meetings count', {
      response: { 200: meetingsStatusSchema },
    }),
    (request) => meetings.status(authOf(request)),
  );

  app.get(
    meetingsPaths.deviceLock,
    signedIn('The device-protection lock: whether minting is paused and for how long', {
      response: { 200: deviceLockSchema },
    }),
    (request) => meetings.deviceLock(authOf(request)),
  );

  app.get(
    meetingsPaths.one,
    signedIn('One of your meetings', {
      params: meetingIdParamsSchema,
      response: { 200: meetingSchema },
    }),
    (request) => meetings.get(authOf(request), request.params.id),
  );
}

/** The moderators' view of failed meetings, and lifting a device lock. */
function moderationRoutes(app: App): void {
  const { meetings } = app;

  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));

  app.delete(
    meetingsPaths.deviceLockLift,
    moderator("Moderators: lift a user's device lock", {
      params: meetingUserIdParamsSchema,
      response: { 200: deviceLockLiftSchema },
    }),
    (request) => meetings.liftDeviceLock(authOf(request), request.params.userId),
  );

  app.get(
    meetingsPaths.moderation,
    moderator('Moderators: refused, unproven and failed meetings with their reasons', {
      querystring: meetingListQuerySchema,
      response: { 200: moderationMeetingListSchema },
    }),
    (request) => meetings.moderation(authOf(request), request.query),
  );
}

/** Proving a meeting: Bluetooth tokens, the code or QR, the handshake and the pings. */
function proofRoutes(app: App): void {
  const { meetings } = app;
  const handshakes = app.createLimiter({
    keyPrefix: 'meetings-handshake',
    points: HANDSHAKES_PER_MINUTE,
    durationSeconds: 60,
  });
  const limitHandshakes = (userId: number) => consumeOrRefuse(handshakes, String(userId));

  const signedIn = routeOptions(tags, app.requireAuth);

  app.post(
    meetingsPaths.proximityTokens,
    signedIn('Rotating Bluetooth tokens of this session and device, and its handshake key', {
      response: { 200: proximityTokensResponseSchema },
    }),
    async (request) => meetings.proximityTokens(authOf(request), await meetingDevice(request)),
  );

  app.post(
    meetingsPaths.handshakeCode,
    signedIn('A code and QR for your partner to send: starts a meeting, or ends yours', {
      response: { 200: handshakeCodeResponseSchema },
    }),
    async (request) => meetings.handshakeCode(authOf(request), await meetingDevice(request)),
  );

  app.post(
    meetingsPaths.handshake,
    {
      ...signedIn("Send your partner's code or QR, or your half of a Bluetooth handshake", {
        description:
          'A start that could never mint is refused with 422 MEETING_CANNOT_MINT (details.reasons); ' +
          'both members hear `meeting:refused` and nothing starts.',
        body: handshakeRequestSchema,
        response: { 200: handshakeResponseSchema },
      }),
      preParsing: keepAssertedBody,
    },
    async (request) => {
      const auth = authOf(request);
      await limitHandshakes(auth.user.id);
      return meetings.handshake(auth, await meetingDevice(request), request.body, request.locale);
    },
  );

  app.post(
    meetingsPaths.ping,
    {
      ...signedIn('Time, position, accuracy, speed, simulated flag and the tokens heard', {
        body: meetingPingSchema,
        response: { 200: meetingPingResponseSchema },
      }),
      preParsing: keepAssertedBody,
    },
    async (request) => meetings.ping(authOf(request), await meetingDevice(request), request.body),
  );
}

/** Meetings proven by both phones, their history, the device lock (issue 12). */
export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app);
  moderationRoutes(app);
  proofRoutes(app);
};
