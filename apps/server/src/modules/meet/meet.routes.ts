import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockListSchema,
  chatMessageSchema,
  conversationListSchema,
  markReadRequestSchema,
  meetPaths,
  messagePageSchema,
  messagesQuerySchema,
  readStateSchema,
  reportDecisionSchema,
  reportIdParamsSchema,
  reportListQuerySchema,
  reportListSchema,
  reportRequestSchema,
  reportSchema,
  sendMessageRequestSchema,
  userIdParamsSchema,
  type PublicCard,
} from '@meeet/core/api/meet';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { HAND_DOWN, HandDropReason } from '@meeet/core/api/realtime';
import { KycStatus } from '@meeet/core/enums';
import { Role } from '@meeet/core/roles';
import type { AppConfig } from '../../config.ts';
import { authOf, callerOf } from '../../plugins/auth.ts';
import { userRoom } from '../../plugins/socket.ts';
import { MarketService } from '../market/market.service.ts';
import { chatPush } from '../push/push.texts.ts';
import type { UserRow } from '../users/users.service.ts';
import { ChatService } from './chat.service.ts';
import { MapService } from './map.service.ts';
import { attachMeetSocket } from './meet.socket.ts';
import { recordLastMood } from './mood.service.ts';
import { SafetyService } from './safety.service.ts';

const tags = ['meet'];
const bearer = [{ bearerAuth: [] }];

/** Raised hands, the live map, chat and safety (issue 11): REST for what is kept, the socket for what is live. */
export const meetRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const market = new MarketService({ db: app.db, chain: app.chain, log: app.log });
  const card = async (user: UserRow): Promise<PublicCard> => ({
    userId: user.id,
    nickname: user.domain,
    firstName: user.firstName,
    avatar: `/api/media/avatar/${user.id}/small`,
    verified: user.kycStatus === KycStatus.APPROVED,
    levels: await market.levelsHeld(user.id).catch((error: unknown) => {
      app.log.warn({ err: error }, 'token levels unavailable');
      return [];
    }),
  });
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
    isOnline: async (userId) => (await app.io.in(userRoom(userId)).fetchSockets()).length > 0,
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
  const chat = new ChatService({
    db: app.db,
    config: config.meet,
    sessions: app.sessions,
    safety,
    map,
    card,
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

  app.get(
    meetPaths.conversations,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Your conversations: the other user, last message, unread count',
        response: { 200: conversationListSchema },
      },
    },
    (request) => chat.conversations(authOf(request)),
  );

  app.get(
    meetPaths.messages,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Messages with a user, newest first, paged by the `before` cursor',
        params: userIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    (request) => chat.messages(authOf(request), request.params.userId, request.query),
  );

  app.post(
    meetPaths.messages,
    {
      // The storing statement checks the session itself: one round trip per message.
      onRequest: app.requireSessionInStatement,
      schema: {
        tags,
        security: bearer,
        summary: 'Send a message; a resend with the same clientId returns the stored one',
        params: userIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: chatMessageSchema },
      },
    },
    (request) => chat.send(callerOf(request), request.params.userId, request.body),
  );

  app.post(
    meetPaths.read,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Mark the conversation read up to a message',
        params: userIdParamsSchema,
        body: markReadRequestSchema,
        response: { 200: readStateSchema },
      },
    },
    (request) => chat.markRead(authOf(request), request.params.userId, request.body.messageId),
  );

  app.get(
    meetPaths.blocks,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Users you blocked',
        response: { 200: blockListSchema },
      },
    },
    (request) => safety.listBlocks(authOf(request)),
  );

  app.put(
    meetPaths.block,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Block a user: neither sees the other on the map, in lists or in chat',
        params: userIdParamsSchema,
        response: { 200: blockListSchema },
      },
    },
    (request) => safety.block(authOf(request), request.params.userId),
  );

  app.delete(
    meetPaths.block,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Unblock a user',
        params: userIdParamsSchema,
        response: { 200: blockListSchema },
      },
    },
    (request) => safety.unblock(authOf(request), request.params.userId),
  );

  app.post(
    meetPaths.reports,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Report a user or one of their messages',
        body: reportRequestSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    (request) => safety.report(authOf(request), request.body),
  );

  app.get(
    meetPaths.moderationReports,
    {
      onRequest: app.requireRole(Role.MODERATOR),
      schema: {
        tags,
        security: bearer,
        summary: 'The moderation queue of reports, with conversation context',
        querystring: reportListQuerySchema,
        response: { 200: reportListSchema },
      },
    },
    (request) => safety.listReports(request.query),
  );

  app.post(
    meetPaths.moderationDecision,
    {
      onRequest: app.requireRole(Role.MODERATOR),
      schema: {
        tags,
        security: bearer,
        summary: 'Dismiss a report, warn the user, or ban them (sessions end, hand drops)',
        params: reportIdParamsSchema,
        body: reportDecisionSchema,
        response: { 200: reportSchema },
      },
    },
    (request) => safety.decide(authOf(request), request.params.id, request.body),
  );
};
