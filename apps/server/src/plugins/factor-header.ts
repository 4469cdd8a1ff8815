import type { FastifyRequest } from 'fastify';
import { FACTOR_HEADER } from '@meeet/core/api/factors-paths';

/** The second factor a guarded call carries (FACTOR_HEADER), checked by `app.factors`. */
export function factorHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[FACTOR_HEADER];
  return Array.isArray(value) ? value[0] : value;
}
