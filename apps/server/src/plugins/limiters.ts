import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Names the counter family; keys of different limiters never meet. */
  keyPrefix: string;
  /** What may be consumed in one window. */
  points: number;
  durationSeconds: number;
  /** Once the points are spent, the key stays blocked this long (default: to the window's end). */
  blockDurationSeconds?: number;
}

export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Makes the counters of login lock-outs and similar limits. Every limiter comes from here,
     * so the store they share (this process's memory, or Redis when several processes run)
     * is chosen in one place.
     */
    createLimiter: LimiterFactory;
  }
}

export const memoryLimiterFactory: LimiterFactory = (options) =>
  new RateLimiterMemory({
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
    blockDuration: options.blockDurationSeconds ?? 0,
  });

async function limiters(app: FastifyInstance): Promise<void> {
  app.decorate('createLimiter', memoryLimiterFactory);
}

export const limitersPlugin = fp(limiters, { name: 'limiters' });
