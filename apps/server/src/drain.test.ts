import {
  connect as tcpConnect,
  createServer,
  type Server,
  type Socket as TcpSocket,
} from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../test/accounts.ts';
import { freePort } from '../test/global-setup.ts';
import {
  FINGERPRINT,
  ServerProcess,
  startSharedStack,
  until,
  within,
  type ClientSocket,
  type SharedStack,
} from '../test/server-process.ts';

const SCRAPE_TOKEN = 'drain-test-scrape-token-0123456789';
const GRACE_MS = 15_000;

/**
 * The load balancer in small: each connection goes to the first upstream that accepts it, as
 * Caddy retries a refused connection on the next process.
 */
function startProxy(upstreams: number[]): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<TcpSocket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const tryUpstream = (index: number) => {
      const port = upstreams[index];
      if (port === undefined) return client.destroy();
      const upstream = tcpConnect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) tryUpstream(index + 1);
        else upstream.destroy();
      });
      upstream.on('close', () => {
        open.delete(upstream);
        if (connected) client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    tryUpstream(0);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Whether a new TCP connection to `port` is refused (the process stopped accepting). */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** An HTTP/1.1 request whose last bytes the test sends later: it is in flight meanwhile. */
async function requestInFlight(port: number, head: string, rest: string) {
  const socket = tcpConnect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  return {
    /** Sends the rest; resolves with the status and body once the server closed the socket. */
    async finish(): Promise<{ status: number; body: string; headers: string }> {
      socket.write(rest);
      await within(ended, 'the answer to the request in flight');
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      return { status: Number(headers.split(' ')[1]), body, headers };
    },
  };
}

describe('a SIGTERM drains the process', () => {
  let stack: SharedStack;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const servers: ServerProcess[] = [];
  const ports: number[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    stack = await startSharedStack({
      METRICS_TOKEN: SCRAPE_TOKEN,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    for (const name of ['leaving', 'staying']) {
      const port = await freePort();
      ports.push(port);
      servers.push(
        new ServerProcess(name, `http://127.0.0.1:${port}`, {
          ...stack.env,
          PORT: String(port),
        }),
      );
    }
    await Promise.all(servers.map((server) => server.ready()));
    proxy = await startProxy(ports);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await proxy?.close();
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await stack?.stop();
  }, 30_000);

  const socketsOn = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
    });
    return Number(/^meeet_realtime_connections (\d+)$/m.exec(await response.text())?.[1]);
  };

  it('answers readiness 503, refuses new connections, finishes its requests and moves every socket to the other process', async () => {
    const [leaving, staying] = servers as [ServerProcess, ServerProcess];
    const [leavingPort] = ports as [number];
    const emails = ['drainone', 'draintwo', 'drainthree'].map((name) => uniqueEmail(name));
    const people = [];
    for (const email of emails) {
      people.push(
        await staying.api<{ token: string }>('POST', '/user/register', {
          email,
          password: PASSWORD,
          acceptTerms: true,
        }),
      );
    }
    // Through the proxy, which prefers the leaving process while it accepts.
    const reconnected: Promise<void>[] = [];
    for (const person of people) {
      const client: ClientSocket = connect(proxy.url, {
        transports: ['websocket'],
        auth: { accessKey: person.token },
        extraHeaders: FINGERPRINT,
        forceNew: true,
        reconnectionDelay: 100,
        reconnectionDelayMax: 200,
      });
      sockets.push(client);
      await within(
        new Promise((resolve) => client.once('connect', () => resolve(undefined))),
        'socket connect',
      );
      reconnected.push(
        new Promise((resolve) => client.once('disconnect', () => client.once('connect', resolve))),
      );
    }
    expect(await socketsOn(leaving)).toBe(3);
    expect(await socketsOn(staying)).toBe(0);

    // Two requests in flight on the leaving process when the signal comes.
    const body = JSON.stringify({ email: emails[0], password: PASSWORD });
    const login = await requestInFlight(
      leavingPort,
      `POST /api/user/login HTTP/1.1\r\nHost: meeet\r\nContent-Type: application/json\r\n` +
        `x-fp: ${FINGERPRINT['x-fp']}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      body.slice(10),
    );
    const readiness = await requestInFlight(
      leavingPort,
      'GET /api/health/ready HTTP/1.1\r\nHost: meeet\r\n',
      '\r\n',
    );
    // A whole request answered after both were sent: the server has read their first bytes,
    // so they are requests in flight, not idle connections a closing server may drop.
    const live = await fetch(`http://127.0.0.1:${leavingPort}/api/health/live`, {
      headers: { connection: 'close' },
    });
    expect(live.status).toBe(200);

    leaving.child.kill('SIGTERM');
    await until(() => refuses(leavingPort), 10_000);
    const ready = await readiness.finish();
    expect(ready.status).toBe(503);
    const loggedIn = await login.finish();
    expect(loggedIn.status).toBe(200);
    expect(JSON.parse(loggedIn.body)).toHaveProperty('token');

    // Every socket reconnects by itself, and lands on the staying process.
    await within(Promise.all(reconnected), 'every socket reconnected');
    expect(sockets.every((socket) => socket.connected)).toBe(true);
    await until(async () => (await socketsOn(staying)) === 3, 10_000);

    // The leaving process exits in time and cleanly; the other takes the leader lock.
    await within(leaving.exited, 'the leaving process exits', GRACE_MS);
    expect(leaving.child.exitCode).toBe(0);
    await until(() => staying.elections() > 0, 10_000);
  }, 90_000);
});
