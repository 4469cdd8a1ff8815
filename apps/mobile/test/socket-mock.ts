import { act } from '@testing-library/react-native';

/**
 * A stand-in for the app's socket wrapper (src/lib/socket.ts): tests answer acknowledgements
 * and push server events, the way the real server would.
 */
type Listener = (payload: never) => void;

export const listeners = new Map<string, Set<Listener>>();
export const emitted: { event: string; payload: unknown }[] = [];
export let answer: (event: string, payload: unknown) => unknown = () => ({ ok: true });

export function answerWith(fn: (event: string, payload: unknown) => unknown): void {
  answer = fn;
}

/** A server event, delivered inside act() as React expects of updates from outside. */
export async function push(event: string, payload: unknown): Promise<void> {
  await act(async () => {
    for (const listener of listeners.get(event) ?? []) listener(payload as never);
  });
}

export function reset(): void {
  listeners.clear();
  emitted.length = 0;
  answer = () => ({ ok: true });
}

const connected = { connected: true };

export const socketModule = {
  socketState: {
    get: () => connected,
    set: () => undefined,
    subscribe: () => () => undefined,
  },
  connect: () => undefined,
  disconnect: () => undefined,
  emit: async (event: string, payload: unknown) => {
    emitted.push({ event, payload });
    return answer(event, payload);
  },
  on: (event: string, listener: Listener) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
};
