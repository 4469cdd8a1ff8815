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
} from '@meeet/core/api/meet';
import { Role } from '@meeet/core/roles';
import { routeOptions } from '../../lib/route-options.ts';
import { authOf, callerOf } from '../../plugins/auth.ts';

const tags = ['meet'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Conversations and messages. */
function chatRoutes(app: App): void {
  const { chat } = app.meet;

  const signedIn = routeOptions(tags, app.requireAuth);

  // The storing statement checks the session itself: one round trip per message.
  const sessionInStatement = routeOptions(tags, app.requireSessionInStatement);

  app.get(
    meetPaths.conversations,
    signedIn('Your conversations: the other user, last message, unread count', {
      response: { 200: conversationListSchema },
    }),
    (request) => chat.conversations(authOf(request)),
  );

  app.get(
    meetPaths.messages,
    signedIn('Messages with a user, newest first, paged by the `before` cursor', {
      params: userIdParamsSchema,
      querystring: messagesQuerySchema,
      response: { 200: messagePageSchema },
    }),
    (request) => chat.messages(authOf(request), request.params.userId, request.query),
  );

  app.post(
    meetPaths.messages,
    sessionInStatement('Send a message; a resend with the same clientId returns the stored one', {
      params: userIdParamsSchema,
      body: sendMessageRequestSchema,
      response: { 200: chatMessageSchema },
    }),
    (request) => chat.send(callerOf(request), request.params.userId, request.body),
  );

  app.post(
    meetPaths.read,
    signedIn('Mark the conversation read up to a message', {
      params: userIdParamsSchema,
      body: markReadRequestSchema,
      response: { 200: readStateSchema },
    }),
    (request) => chat.markRead(authOf(request), request.params.userId, request.body.messageId),
  );
}

/** A user's blocks and reports. */
function safetyRoutes(app: App): void {
  const { safety } = app.meet;

  const signedIn = routeOptions(tags, app.requireAuth);

  app.get(
    meetPaths.blocks,
    signedIn('Users you blocked', { response: { 200: blockListSchema } }),
    (request) => safety.listBlocks(authOf(request)),
  );

  app.put(
    meetPaths.block,
    signedIn('Block a user: neither sees the other on the map, in lists or in chat', {
      params: userIdParamsSchema,
      response: { 200: blockListSchema },
    }),
    (request) => safety.block(authOf(request), request.params.userId),
  );

  app.delete(
    meetPaths.block,
    signedIn('Unblock a user', { params: userIdParamsSchema, response: { 200: blockListSchema } }),
    (request) => safety.unblock(authOf(request), request.params.userId),
  );

  app.post(
    meetPaths.reports,
    signedIn('Report a user or one of their messages', {
      body: reportRequestSchema,
      response: { 200: z.object({ id: z.number().int() }) },
    }),
    (request) => safety.report(authOf(request), request.body),
  );
}

/** The moderators' queue of reports and their decisions. */
function moderationRoutes(app: App): void {
  const { safety } = app.meet;

  const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));

  app.get(
    meetPaths.moderationReports,
    moderator('The moderation queue of reports, with conversation context', {
      querystring: reportListQuerySchema,
      response: { 200: reportListSchema },
    }),
    (request) => safety.listReports(request.query),
  );

  app.post(
    meetPaths.moderationDecision,
    moderator('Dismiss a report, warn the user, or ban them (sessions end, hand drops)', {
      params: reportIdParamsSchema,
      body: reportDecisionSchema,
      response: { 200: reportSchema },
    }),
    (request) => safety.decide(authOf(request), request.params.id, request.body),
  );
}

/** Raised hands, the live map, chat and safety (issue 11): REST for what is kept, the socket for what is live. */
export const meetRoutes: FastifyPluginAsyncZod = async (app) => {
  chatRoutes(app);
  safetyRoutes(app);
  moderationRoutes(app);
};
