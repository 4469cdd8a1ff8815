import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CpaLinkWithSecret, CpaPostback, CpaTotals } from '@meeet/core/api/cpa';
import { bearer, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { setUserRole } from '../users/user-role.ts';

export const DAY = 86_400_000;
export const MINUTE = 60_000;
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP receiver standing in for an affiliate's tracker. */
function startReceiver() {
  const received: Received[] = [];
  let failing = false;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      received.push({
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (url.pathname === '/redirect-private') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else if (url.pathname === '/redirect-name') {
        response.writeHead(307, { location: 'http://internal.example/pb' });
        response.end();
      } else if (failing || url.pathname === '/fail') {
        response.writeHead(500);
        response.end('down');
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('ok');
      }
    });
  });
  return {
    received,
    server,
    setFailing: (value: boolean) => {
      failing = value;
    },
    port: () => (server.address() as AddressInfo).port,
  };
}

/** Names the tests resolve without DNS: one public, the rest leading inside. */
const NAMES: Record<string, string[]> = {
  'tracker.example': ['93.184.216.34'],
  'evil.example': ['127.0.0.1'],
  'internal.example': ['10.0.0.7'],
  'mixed.example': ['93.184.216.34', '192.168.1.10'],
  'metadata.example': ['169.254.169.254'],
};

/** What the tests of one file share: the app, the admin, the programme's played clock. */
class CpaEnv {
  t!: TestApp;
  admin!: Awaited<ReturnType<typeof registerUser>>;
  /** The programme's clock (epoch ms); tests move it on. */
  clock = Date.now();
}

/**
 * Registers the app and an affiliate's receiver of a test file (beforeAll/afterAll); answers
 * its helpers.
 */
export function cpaProgramme() {
  const env = new CpaEnv();
  const receiver = startReceiver();
  const now = () => new Date(env.clock);

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    options: {
      token?: string;
      payload?: unknown;
      headers?: Record<string, string>;
      fp?: string;
    } = {},
  ) =>
    env.t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        'user-agent': BROWSER_UA,
        ...(options.token ? bearer(options.token, options.fp ?? 'fp-affiliates') : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  /** A landing visit as the web app makes it: any API call with the stored attribution. */
  const visit = (linkId: string, fp: string, clickId?: string, userAgent = BROWSER_UA) =>
    call('GET', '/cpa/landings', {
      headers: {
        'x-fp': fp,
        'x-cpa-link-id': linkId,
        ...(clickId ? { 'x-uid': clickId } : {}),
        'user-agent': userAgent,
      },
    });

  const affiliate = (fp = `fp-aff-${randomUUID()}`) =>
    registerUser(env.t.app, {}, { 'x-fp': fp }).then((user) => ({ ...user, fp }));

  async function createLink(
    token: string,
    body: Record<string, unknown>,
    fp = 'fp-affiliates',
  ): Promise<CpaLinkWithSecret> {
    const response = await call('POST', '/cpa/links', { token, payload: body, fp });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const linkStats = async (token: string, id: string) => {
    const response = await call('GET', '/cpa/links', { token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as { id: string; stats: CpaTotals }[]).find(
      (link) => link.id === id,
    )?.stats;
  };

  const conversionsOf = async (token: string) =>
    (await call('GET', '/cpa/conversions?limit=100', { token })).json().items as {
      action: string;
      payout: string;
      linkId: string;
      clickId: string | null;
      flagged: boolean;
    }[];

  const postbacksOf = async (token: string) =>
    (await call('GET', '/cpa/postbacks?limit=100', { token })).json().items as CpaPostback[];

  const drain = () => env.t.app.jobs.drain({ now: now() });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    env.t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_IP: '100000', CPA_POSTBACK_ALLOW: `127.0.0.1:${receiver.port()}` },
      {
        cpa: {
          now,
          resolve: async (host) => {
            const found = NAMES[host];
            if (!found) throw new Error(`ENOTFOUND ${host}`);
            return found;
          },
        },
      },
    );
    env.admin = await registerUser(env.t.app, {}, { 'x-fp': 'fp-admin' });
    await setUserRole(env.t.db, env.admin.user.email, 'admin');
  }, 60_000);

  afterAll(async () => {
    await env.t?.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  return {
    env,
    receiver,
    now,
    call,
    visit,
    affiliate,
    createLink,
    linkStats,
    conversionsOf,
    postbacksOf,
    drain,
  };
}
