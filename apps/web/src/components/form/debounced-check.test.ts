import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedCheck } from './debounced-check.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debouncedCheck', () => {
  it('asks once for the latest value after the pause and remembers the answer', async () => {
    const asked: string[] = [];
    const check = debouncedCheck(async (value: string) => {
      asked.push(value);
      return value === 'taken' ? 'msg.username-taken' : null;
    }, 400);
    const first = check('tak', { immediate: false });
    const second = check('taken', { immediate: false });
    await vi.advanceTimersByTimeAsync(399);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(first).resolves.toBe('msg.username-taken');
    await expect(second).resolves.toBe('msg.username-taken');
    await expect(check('taken', { immediate: true })).resolves.toBe('msg.username-taken');
    expect(asked).toEqual(['taken']);
  });

  it('does not wait on submit, and an unknown answer is not remembered', async () => {
    let calls = 0;
    const check = debouncedCheck(async () => (calls++, undefined), 400);
    const pending = check('anna', { immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    await expect(pending).resolves.toBeNull();
    const again = check('anna', { immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    await again;
    expect(calls).toBe(2);
  });
});
