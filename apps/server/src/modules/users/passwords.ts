import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { QueueFullError, Semaphore } from '../../lib/semaphore.ts';

/** OWASP Password Storage Cheat Sheet, argon2id option 2: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which isolated modules cannot read by name.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Seconds a client is told to wait when the hashing queue is full. */
const OVERLOAD_RETRY_SECONDS = 2;

// Built once per process: loading the dictionaries takes tens of milliseconds.
const zxcvbn = new ZxcvbnFactory({
  dictionary: zxcvbnCommon.dictionary,
  graphs: zxcvbnCommon.adjacencyGraphs,
});

/**
 * True for a password attackers try first: a weak zxcvbn score, or the whole password being a
 * known common password (with capitals, l33t or reversal). `userInputs` (e-mail, names) count
 * as words an attacker would try against this account.
 */
export function isCommonPassword(password: string, userInputs: readonly string[] = []): boolean {
  const result = zxcvbn.check(password, [...userInputs]);
  if (result.score < 2) return true;
  const [only, ...rest] = result.sequence;
  return (
    rest.length === 0 &&
    only?.pattern === 'dictionary' &&
    String(only.dictionaryName).startsWith('passwords')
  );
}

/** The rule the forms cannot check: refuses a common password with a field message. */
export function assertPasswordNotCommon(password: string, userInputs: readonly string[] = []) {
  if (isCommonPassword(password, userInputs)) {
    throw new AppError(ErrorCode.VALIDATION_ERROR, {
      fields: { password: 'msg.common-password' },
    });
  }
}

/**
 * argon2id hashing behind a semaphore. Each hash takes ~20 ms of a libuv thread and 19 MiB, so
 * only a few run at once; beyond the queue a caller gets 503 at once.
 */
export class PasswordHasher {
  private readonly semaphore: Semaphore;
  private dummyHash: Promise<string> | undefined;

  constructor(concurrency: number, queueLimit: number) {
    this.semaphore = new Semaphore(concurrency, queueLimit);
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, ARGON2_OPTIONS));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limited(() => verify(passwordHash, password));
  }

  /**
   * Spends the same work as a real check when there is no hash to check against (unknown
   * e-mail, Apple-only account), so the answer's timing does not tell whether an account exists.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** Computes the dummy hash now, so the first unknown-address login is not slower than others. */
  async warmUp(): Promise<void> {
    await this.verifyDummy('warm-up');
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.semaphore.run(task);
    } catch (error) {
      if (error instanceof QueueFullError) {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, {
          retryAfterSeconds: OVERLOAD_RETRY_SECONDS,
        });
      }
      throw error;
    }
  }
}
