import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf, parseFingerprint } from '../../plugins/auth.ts';
import { consumeOrRefuse } from '../../plugins/limiters.ts';
import { HTTP_HEADERS } from '@meeet/core/constants';
import { keepAssertedBody, meetingDevice } from '../devices/devices.routes.ts';
import { DetectorBus } from './detector-bus.ts';
import { InProcessMeetingsStore } from './meetings-store-memory.ts';
import { RedisMeetingsStore } from './meetings-store-redis.ts';
import { MeetingsService, MINT_JOB } from './meetings.service.ts';

const tags = ['meetings'];
/** Handshake attempts per user per minute: a 6-digit code cannot be guessed in its 2 minutes. */
const HANDSHAKES_PER_MINUTE = 10;
/** How long a call waits for the meetings leader (a handover takes one leader-lock retry). */
const LEADER_CALL_TIMEOUT_MS = 5_000;

export interface MeetingsRoutesOptions {
  config: AppConfig;
  /** Tests: a crash between the mint's chain send and its record. */
  afterMintSent?: (meetingId: number) => void | Promise<void>;
  /** Tests: the clock of the detector and the rules. */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    meetings: MeetingsService;
  }
}

/**
 * The meetings service at the app's root (tests and other modules reach it as `app.meetings`),
 * its mint job, its timer and the socket's `meeting:ping`.
 */
async function meetingsService(
  app: FastifyInstance,
  { config, afterMintSent, now }: MeetingsRoutesOptions,
): Promise<void> {
  const secret = `meetings:${config.jwtSecret}`;
  const proximitySecret = `proximity:${secret}`;
  const rotateMs = config.meetings.tokenRotateMs;
  const meetings = new MeetingsService({
    db: app.db,
    config: config.meetings,
    maxAccuracyM: config.meet.maxAccuracyM,
    secret,
    chain: app.chain,
    market: app.market,
    sessions: app.sessions,
    events: app.meetingEvents,
    jobs: app.jobs,
    push: app.push,
    // With Redis every process shares tokens, handshake halves and scores, and one leads.
    store: app.redis
      ? new RedisMeetingsStore(app.redis, proximitySecret, rotateMs)
      : new InProcessMeetingsStore(proximitySecret, rotateMs),
    bus: app.redis
      ? new DetectorBus(app.redis, { timeoutMs: LEADER_CALL_TIMEOUT_MS, log: app.log })
      : null,
    io: app.io,
    log: app.log,
    ...(afterMintSent ? { afterMintSent } : {}),
    ...(now ? { now } : {}),
  });
  app.decorate('meetings', meetings);
  app.jobs.register(
    MINT_JOB,
    async (payload) => {
      const { meetingId } = payload as { meetingId: number };
      await meetings.mintMeeting(meetingId);
    },
    {
      // The last attempt failed: the meeting is `mint_failed` with the reason, both are told.
      onDead: (tx, payload, lastError) =>
        meetings.mintFailed(tx, (payload as { meetingId: number }).meetingId, lastError),
    },
  );
  app.addHook('onReady', async () => {
    await meetings.start();
    if (app.chain.attached) void meetings.recoverMints();
  });
  app.addHook('onClose', () => meetings.close());

  // The socket's ping: the same as POST /meetings/ping, answered through the realtime seam. A
  // socket event carries no App Attest assertion, so it proves no device: where attestation is
  // required it is refused (`DEVICE_NOT_ATTESTED`) and the app pings over HTTP, signed.
  app.io.on('connection', (socket) => {
    const fingerprint = parseFingerprint(socket.handshake.headers[HTTP_HEADERS.FINGERPRINT]);
    app.realtime.on(socket, 'meeting:ping', async (auth, payload) => {
      const device = await app.devices.meetingDevice({
        userId: auth.user.id,
        assertion: undefined,
        method: 'SOCKET',
        path: 'meeting:ping',
        body: '',
        fingerprint,
      });
      return meetings.ping(auth, device, payload);
    });
  });
}

export const meetingsServicePlugin = fp(meetingsService, {
  name: 'meetings',
  dependencies: [
    'auth',
    'socket',
    'realtime-events',
    'jobs',
    'meeting-events',
    'devices',
    'market',
  ],
});

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
