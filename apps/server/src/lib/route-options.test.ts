import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { routeOptions } from './route-options.ts';

describe('routeOptions', () => {
  it('puts the guard first and the tags, bearer token and summary around the schemas', () => {
    const guard: onRequestAsyncHookHandler = async () => {};
    const body = z.object({ name: z.string() });
    const moderator = routeOptions(['things'], guard);
    expect(moderator('Change a thing', { body })).toEqual({
      onRequest: guard,
      schema: { tags: ['things'], security: [{ bearerAuth: [] }], summary: 'Change a thing', body },
    });
  });
});
