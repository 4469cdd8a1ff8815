import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HTTP_HEADERS } from '@meeet/core/constants';
import type { AppConfig } from '../../config.ts';
import { parseFingerprint } from '../../plugins/auth.ts';
import { DetectorBus } from './detector-bus.ts';
import { InProcessMeetingsStore } from './meetings-store-memory.ts';
import { RedisMeetingsStore } from './meetings-store-redis.ts';
import { MeetingsService, MINT_JOB } from './meetings.service.ts';

/** How long a call waits for the meetings leader (a handover takes one leader-lock retry). */
const LEADER_CALL_TIMEOUT_MS = 5_000;

export interface MeetingsPluginOptions {
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
  { config, afterMintSent, now }: MeetingsPluginOptions,
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

export const meetingsPlugin = fp(meetingsService, {
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
