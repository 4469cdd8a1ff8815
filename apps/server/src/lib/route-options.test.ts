import type { onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { publicRouteOptions, routeOptions } from './route-options.ts';

const guard: onRequestAsyncHookHandler = async () => {};
const body = z.object({ name: z.string() });
const rateLimit = { config: { rateLimit: { max: 5, timeWindow: 60_000 } } };

describe('routeOptions', () => {
  it('puts the guard first and the tags, bearer token and summary around the schemas', () => {
    const moderator = routeOptions(['things'], guard);
    expect(moderator('Change a thing', { body })).toEqual({
      onRequest: guard,
      schema: { tags: ['things'], security: [{ bearerAuth: [] }], summary: 'Change a thing', body },
    });
  });

  it('gives every route of the group the options it shares, the guard kept', () => {
    const factor: preHandlerAsyncHookHandler = async () => {};
    const withFactor = routeOptions(['things'], guard, { preHandler: factor, ...rateLimit });
    expect(withFactor('Remove a thing', { body })).toEqual({
      onRequest: guard,
      preHandler: factor,
      config: rateLimit.config,
      schema: { tags: ['things'], security: [{ bearerAuth: [] }], summary: 'Remove a thing', body },
    });
  });
});

describe('publicRouteOptions', () => {
  it('puts the tags and summary around the schemas, with no guard and no bearer token', () => {
    const open = publicRouteOptions(['things']);
    expect(open('List the things', { body })).toEqual({
      schema: { tags: ['things'], summary: 'List the things', body },
    });
  });

  it('gives every route of the group the options it shares', () => {
    const limited = publicRouteOptions(['things'], rateLimit);
    expect(limited('Count a click', {})).toEqual({
      config: rateLimit.config,
      schema: { tags: ['things'], summary: 'Count a click' },
    });
  });
});
