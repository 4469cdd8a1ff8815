import type { onRequestAsyncHookHandler } from 'fastify';
import { errorBodySchema } from '@meeet/core/api/errors';
import { routeOptions } from '../../lib/route-options.ts';

/** The options of a business route behind `guard`: its tag, the bearer token, its summary. */
export const businessRoute = (guard: onRequestAsyncHookHandler) =>
  routeOptions(['business'], guard);

/** The refusals a business route may answer with, each with the one error body. */
export const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
