import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicCard } from '@meeet/core/api/meet';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { HAND_DOWN, HandDropReason } from '@meeet/core/api/realtime';
import { KycStatus } from '@meeet/core/enums';
import type { AppConfig } from '../../config.ts';
import { isUserOnline, userRoom } from '../../plugins/socket.ts';
import { chatPush } from '../push/push.texts.ts';
import type { UserFacts } from '../users/users.service.ts';
import { ChatService } from './chat.service.ts';
import { MapService } from './map.service.ts';
import { attachMeetSocket } from './meet.socket.ts';
import { recordLastMood } from './mood.service.ts';
import { SafetyService } from './safety.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raised hands and the live map, chat and safety, built once (their routes use them). */
    meet: { map: MapService; chat: ChatService; safety: SafetyService };
  }
}

/** The card others see of a user, with the token levels the market says they hold. */
function cardMaker(app: FastifyInstance) {
  return async (user: UserFacts): Promise<PublicCard> => ({
    userId: user.id,
    nickname: user.domain,
    firstName: user.firstName,
    avatar: `/api/media/avatar/${user.id}/small`,
    verified: user.kycStatus === KycStatus.APPROVED,
    levels: await app.market.levelsHeld(user.id).catch((error: unknown) => {
      app.log.warn({ err: error }, 'token levels unavailable');
      return [];
    }),
  });
}

/** The chat, telling its events to the sockets of the users concerned and pushing messages. */
function buildChat(
  app: FastifyInstance,
  config: AppConfig,
  parts: { safety: SafetyService; map: MapService; card: ReturnType<typeof cardMaker> },
): ChatService {
  const toUser = (userId: number) => app.io.to(userRoom(userId));
  return new ChatService({
    db: app.db,
    config: config.meet,
    sessions: app.sessions,
    ...parts,
    events: {
      message: (userIds, message) => {
        for (const id of userIds) toUser(id).emit('chat:message', message);
      },
      read: (userIds, payload) => {
        for (const id of userIds) toUser(id).emit('chat:read', payload);
      },
      typing: (to, from) => toUser(to).emit('chat:typing', { userId: from }),
    },
    push: {
      messageStored: (to, message) => {
        void app.sessions
          .userOf(message.senderId)
          .then((sender) => app.push.notify(to, 'messages', chatPush(sender, message)));
      },
    },
  });
}

/** The meet services, wired to each other, the socket, pushes and the market's levels. */
async function meet(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const card = cardMaker(app);
  const toUser = (userId: number) => app.io.to(userRoom(userId));

  const safety = new SafetyService({
    db: app.db,
    sessions: app.sessions,
    notify: (userId, payload) => toUser(userId).emit('notification', payload),
    map: () => map,
  });
  // A banned user signs in nowhere (their sessions ended with the ban); asked after the
  // password check, so the answer tells nothing to someone without the password.
  app.sessions.addSignInCheck(async (user) => {
    if (await safety.isBanned(user.id)) throw new AppError(ErrorCode.ACCOUNT_BANNED);
  });
  const onError = (error: unknown, what: string) => app.log.warn({ err: error }, `meet: ${what}`);
  const store = app.presence;
  const map: MapService = new MapService({
    store,
    onError,
    isOnline: (userId) => isUserOnline(app.io, userId),
    config: config.meet,
    secret: `meet-offset:${config.jwtSecret}`,
    maxSpeedMps: config.meetings.maxSpeedMps,
    blocks: safety,
    isBanned: (userId) => safety.isBanned(userId),
    card,
    dropped: (userId, reason) => {
      toUser(userId).emit('hand:dropped', { reason });
      toUser(userId).emit('hand:state', HAND_DOWN);
    },
    // Not awaited: the ack does not wait for it, and a failure only costs an ad's targeting.
    moodRaised: (userId, mood) => {
      recordLastMood(app.db, userId, mood).catch((error: unknown) =>
        app.log.warn({ err: error }, 'meet: last mood not stored'),
      );
    },
  });
  // A ban from the staff tools drops the hand as a report's ban does.
  app.bans.onBanned((userId) => map.drop(userId, HandDropReason.BANNED));
  const chat = buildChat(app, config, { safety, map, card });
  app.io.on('connection', (socket) =>
    attachMeetSocket(socket, {
      map,
      chat,
      sessions: app.sessions,
      log: app.log,
      realtime: app.realtime,
      handChanged: (userId, state) => toUser(userId).emit('hand:state', state),
    }),
  );
  app.addHook('onClose', async () => {
    map.close();
  });
  app.decorate('meet', { map, chat, safety });
}

export const meetPlugin = fp(meet, {
  name: 'meet',
  dependencies: ['auth', 'socket', 'presence', 'push', 'market', 'realtime-events', 'bans'],
});
