import type { AsyncFieldCheck } from './use-app-form.ts';

/**
 * Wraps a server check so typing does not call the server on every key: callers within
 * `delayMs` of each other share one call for the latest value. Definite answers are remembered
 * per value (a submit right after typing does not ask again); a failed call answers null, so
 * the server's own check on submit has the last word.
 */
export function debouncedCheck<TValue>(
  check: (value: TValue) => Promise<string | null | undefined>,
  delayMs: number,
): AsyncFieldCheck<TValue> {
  const answers = new Map<TValue, string | null>();
  let waiting: Array<(key: string | null) => void> = [];
  let latest: TValue;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    const batch = waiting;
    const value = latest;
    waiting = [];
    let key: string | null = null;
    try {
      const answer = await check(value);
      if (answer !== undefined) {
        answers.set(value, answer);
        key = answer;
      }
    } catch {
      key = null;
    }
    for (const resolve of batch) resolve(key);
  };

  return (value, { immediate }) => {
    const known = answers.get(value);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      waiting.push(resolve);
      latest = value;
      clearTimeout(timer);
      timer = setTimeout(() => void run(), immediate ? 0 : delayMs);
    });
  };
}
