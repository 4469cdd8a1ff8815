import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FairReads, type ReadableTcp } from './fair-reads.ts';

/** A real TCP pair on loopback: what the server reads, and the client writing to it. */
async function tcpPair(): Promise<{ server: Server; accepted: Socket; client: Socket }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const [accepted] = (await once(server, 'connection')) as [Socket];
  await once(client, 'connect');
  return { server, accepted, client };
}

const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

describe('fair reads', () => {
  const open: { server: Server; accepted: Socket; client: Socket }[] = [];
  afterEach(() => {
    for (const { server, accepted, client } of open.splice(0)) {
      client.destroy();
      accepted.destroy();
      server.close();
    }
  });

  it('past the budget stops reading a socket that was just read, and starts it when the turn ends', async () => {
    // The first read of the turn at 0 ms, every later one 25 ms in: past the 20 ms budget.
    let reads = 0;
    const fair = new FairReads(20, () => (reads++ === 0 ? 0 : 25));
    const first = await tcpPair();
    const second = await tcpPair();
    open.push(first, second);
    const calls: string[] = [];
    for (const [name, pair] of [
      ['first', first],
      ['second', second],
    ] as const) {
      // Node's own handle, watched: what libuv is told to do with the socket.
      const handle = (pair.accepted as unknown as { _handle: Record<string, () => number> })
        ._handle;
      const { readStop, readStart } = handle;
      handle.readStop = () => (calls.push(`${name} stopped`), readStop!.call(handle));
      handle.readStart = () => (calls.push(`${name} started`), readStart!.call(handle));
      fair.watch(pair.accepted as unknown as ReadableTcp);
    }
    const both = Promise.all([once(first.accepted, 'data'), once(second.accepted, 'data')]);
    // Both readable before the loop polls: one poll phase reads them, one turn.
    first.client.write('a');
    second.client.write('b');
    await both;
    expect(calls).toEqual(['second stopped']);

    await turnEnd();
    expect(calls).toEqual(['second stopped', 'second started']);
    const more = once(second.accepted, 'data');
    second.client.write('c');
    expect(String((await more)[0])).toBe('c');
  });

  it('within the budget leaves every socket alone', () => {
    let clock = 0;
    const fair = new FairReads(20, () => clock);
    const stops: string[] = [];
    const listeners: (() => void)[] = [];
    const fake = (name: string): ReadableTcp => ({
      _handle: { reading: true, readStop: () => (stops.push(name), 0), readStart: () => 0 },
      on: (_event, listener) => listeners.push(listener),
    });
    fair.watch(fake('a'));
    fair.watch(fake('b'));
    listeners[0]?.();
    clock = 19;
    listeners[1]?.();
    expect(stops).toEqual([]);
    clock = 21;
    listeners[0]?.();
    expect(stops).toEqual(['a']);
  });

  it('does not start a socket that closed, or that Node stopped itself, while it waited', async () => {
    let clock = 0;
    const fair = new FairReads(20, () => clock);
    const starts: string[] = [];
    const listeners: (() => void)[] = [];
    const sockets = ['closed', 'node-stopped', 'waiting'].map((name) => {
      const tcp: ReadableTcp & { _handle: { reading: boolean } } = {
        _handle: { reading: true, readStop: () => 0, readStart: () => (starts.push(name), 0) },
        destroyed: false,
        on: (_event, listener) => listeners.push(listener),
      };
      fair.watch(tcp);
      return tcp;
    });
    listeners[0]?.();
    clock = 30;
    for (const listener of listeners) listener();
    sockets[0]!.destroyed = true;
    sockets[1]!._handle.reading = false;
    await turnEnd();
    expect(starts).toEqual(['waiting']);
  });
});
