import type { meetPaths } from '@meeet/core/api/meet';

/** A meet path with its `:userId` filled in. */
export function withUser(path: (typeof meetPaths)[keyof typeof meetPaths], userId: number): string {
  return path.replace(':userId', String(userId));
}
