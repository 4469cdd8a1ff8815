import type { FastifySchema, onRequestAsyncHookHandler } from 'fastify';

const bearer = [{ bearerAuth: [] }];

/**
 * The options of routes behind one guard hook: the guard, then the OpenAPI entry (the tags, the
 * bearer token, the summary) around the route's own zod schemas. Made once per guard in a routes
 * file, so each route states only what is its own:
 *
 *   const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));
 *   app.get(path, moderator('What it answers', { response: { 200: schema } }), handler);
 */
export function routeOptions(tags: readonly string[], guard: onRequestAsyncHookHandler) {
  return <Schema extends FastifySchema>(summary: string, schema: Schema) => ({
    onRequest: guard,
    schema: { tags, security: bearer, summary, ...schema },
  });
}
