import type { Ack } from '@meeet/core/api/realtime';
import type { Fix } from '../../lib/location';
import { createPositionSender } from './position-sender.ts';

const fix = (lat: number, at = Date.now()): Fix => ({ lat, lon: 37.6173, accuracy: 8, at });

/** A server whose answers the test gives, one position at a time. */
function fakeServer() {
  const sent: Fix[] = [];
  const answers: ((answer: Ack) => void)[] = [];
  const refused: string[] = [];
  let connected = true;
  const sender = createPositionSender({
    send: (position) => {
      sent.push(position);
      return new Promise<Ack>((resolve) => answers.push(resolve));
    },
    isConnected: () => connected,
    onRefused: (answer) => refused.push(answer.message),
    gapMs: 1_100,
  });
  const answer = async (ack: Ack = { ok: true }) => {
    answers.shift()?.(ack);
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    sender,
    sent,
    refused,
    answer,
    setConnected: (value: boolean) => (connected = value),
  };
}

describe('the hand position sender', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('keeps one position in flight; the newest fix waiting then goes, after the gap', async () => {
    const server = fakeServer();
    server.sender.offer(fix(55.1));
    server.sender.offer(fix(55.2));
    server.sender.offer(fix(55.3));
    expect(server.sent.map((f) => f.lat)).toEqual([55.1]);

    await server.answer();
    // Answered at once, but the service takes one a second: the newest waits for the gap.
    expect(server.sent).toHaveLength(1);
    jest.advanceTimersByTime(1_100);
    expect(server.sent.map((f) => f.lat)).toEqual([55.1, 55.3]);
  });

  it('sends nothing while offline, then only the newest fix; a stale one is dropped', async () => {
    const server = fakeServer();
    server.setConnected(false);
    server.sender.offer(fix(55.1));
    server.sender.offer(fix(55.2));
    expect(server.sent).toHaveLength(0);

    server.setConnected(true);
    server.sender.resume();
    expect(server.sent.map((f) => f.lat)).toEqual([55.2]);
    await server.answer();

    server.setConnected(false);
    server.sender.offer(fix(55.3));
    jest.advanceTimersByTime(31_000);
    server.setConnected(true);
    server.sender.resume();
    // Older than the server takes (30 s): the next fix will do.
    expect(server.sent).toHaveLength(1);
  });

  it('keeps a fix answered as offline for when the socket is back, unless a newer one came', async () => {
    const server = fakeServer();
    server.sender.offer(fix(55.1));
    server.setConnected(false);
    await server.answer({ ok: false, code: 'SERVICE_UNAVAILABLE', message: 'Offline' });
    expect(server.refused).toEqual([]);

    server.setConnected(true);
    server.sender.resume();
    jest.advanceTimersByTime(1_100);
    expect(server.sent.map((f) => f.lat)).toEqual([55.1, 55.1]);
  });

  it('reports a refusal, never sends a time ahead of the clock, and forgets on clear', async () => {
    const server = fakeServer();
    server.sender.offer(fix(55.1, Date.now() + 5_000));
    expect(server.sent[0]?.at).toBe(Date.now());
    await server.answer({ ok: false, code: 'VALIDATION_ERROR', message: 'Too inaccurate' });
    expect(server.refused).toEqual(['Too inaccurate']);

    server.sender.offer(fix(55.2));
    server.sender.clear();
    jest.advanceTimersByTime(5_000);
    expect(server.sent).toHaveLength(1);
  });
});
