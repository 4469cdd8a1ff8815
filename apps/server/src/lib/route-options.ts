import type { FastifySchema, onRequestAsyncHookHandler, RouteShorthandOptions } from 'fastify';

const bearer = [{ bearerAuth: [] }];

/** Route options other than the guard and the schema, shared by a group of routes (a rate limit). */
type MoreOptions = Omit<RouteShorthandOptions, 'onRequest' | 'schema'>;

/**
 * The options of routes behind one guard hook: the guard, then the OpenAPI entry (the tags, the
 * bearer token, the summary) around the route's own zod schemas. Made once per guard in a routes
 * file, so each route states only what is its own:
 *
 *   const moderator = routeOptions(tags, app.requireRole(Role.MODERATOR));
 *   app.get(path, moderator('What it answers', { response: { 200: schema } }), handler);
 *
 * `more` adds options every route of the group shares, such as `{ config: rateLimit }`.
 */
export function routeOptions(
  tags: readonly string[],
  guard: onRequestAsyncHookHandler,
  more: MoreOptions = {},
) {
  return <Schema extends FastifySchema>(summary: string, schema: Schema) => ({
    ...more,
    onRequest: guard,
    schema: { tags, security: bearer, summary, ...schema },
  });
}

/** The same for public routes (no guard): the tags and the summary around the route's schemas. */
export function publicRouteOptions(tags: readonly string[], more: MoreOptions = {}) {
  return <Schema extends FastifySchema>(summary: string, schema: Schema) => ({
    ...more,
    schema: { tags, summary, ...schema },
  });
}
