import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError, ErrorCode } from '@meeet/core/api/errors';

export interface LimiterOptions {
  /** Names the counter; limiters with different prefixes never share points. */
  keyPrefix: string;
  /** Points a key may consume per window. */
  points: number;
  durationSeconds: number;
  /** Once the points are used up, the key stays refused this long (default: the window's end). */
  blockDurationSeconds?: number;
}

/** Takes a point for `key`, or refuses with 429 `RATE_LIMITED` and when to come back. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new AppError(ErrorCode.RATE_LIMITED, {
      retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000),
    });
  }
}

export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A counter limit (login lock-outs, code attempts) kept where every process sees it: Redis
     * with REDIS_URL, this process's memory without. Every limiter comes from here, so the
     * store is chosen in one place.
     */
    createLimiter: LimiterFactory;
  }
}

async function limiters(app: FastifyInstance): Promise<void> {
  const redis = app.redis;
  app.decorate('createLimiter', (options: LimiterOptions): RateLimiterAbstract => {
    const common = {
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
      ...(options.blockDurationSeconds !== undefined
        ? { blockDuration: options.blockDurationSeconds }
        : {}),
    };
    return redis
      ? new RateLimiterRedis({
          ...common,
          storeClient: redis,
          keyPrefix: `rl:${options.keyPrefix}`,
          // While Redis is away this process counts alone instead of refusing everyone.
          insuranceLimiter: new RateLimiterMemory(common),
        })
      : new RateLimiterMemory(common);
  });
}

export const limitersPlugin = fp(limiters, { name: 'limiters', dependencies: ['redis'] });
