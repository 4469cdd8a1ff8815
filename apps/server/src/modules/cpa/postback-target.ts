import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (injectable, so tests need no DNS). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface TargetPolicy {
  resolve: Resolver;
  /** Development: any address goes (a tracker on the developer's machine). */
  allowPrivate: boolean;
  /** `host:port` pairs let through even on a private address (an operator's own tracker). */
  allowList: readonly string[];
}

export class TargetRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'address' | 'unresolved',
    message: string,
  ) {
    super(message);
    this.name = 'TargetRefused';
  }
}

/**
 * Whether an address is on the public internet. Only global unicast passes: loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), carrier-grade NAT, multicast, unspecified and reserved ranges do not,
 * and an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Checks a postback URL as it would be called: only http(s), and every address its host
 * resolves to must be public (outside development and the allow list). Returns the address to
 * connect to, so the request goes exactly where the check looked (no DNS rebinding between
 * check and call).
 */
export async function vetTarget(
  raw: string,
  policy: TargetPolicy,
): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('scheme', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused('scheme', `scheme ${url.protocol} is not allowed`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new TargetRefused('unresolved', `${host} does not resolve`);
  }
  const allowed =
    policy.allowPrivate || policy.allowList.includes(`${host.toLowerCase()}:${defaultPort(url)}`);
  if (!allowed) {
    const refused = addresses.find((address) => !isPublicAddress(address));
    if (refused !== undefined) {
      throw new TargetRefused('address', `${host} resolves to a non-public address ${refused}`);
    }
  }
  return { url, address: addresses[0] as string };
}

export interface DeliveryResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

const MAX_REDIRECTS = 3;
const MAX_RESPONSE_BYTES = 64 * 1024;

function send(
  url: URL,
  address: string,
  request: { method: string; headers: Record<string, string>; body: string | null },
  signal: AbortSignal,
): Promise<{ statusCode: number; location: string | undefined }> {
  // Connect to the vetted address whatever the resolver would say now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if (typeof options === 'object' && options.all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else {
      callback(null, address, family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== null
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
        },
        lookup: pinned,
        signal,
      },
      (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('close', () =>
          resolve({ statusCode: res.statusCode ?? 0, location: res.headers.location }),
        );
        res.on('error', () =>
          resolve({ statusCode: res.statusCode ?? 0, location: res.headers.location }),
        );
      },
    );
    req.on('error', reject);
    if (request.body !== null) req.write(request.body);
    req.end();
  });
}

/**
 * One delivery attempt: POST `body` to `target` within `timeoutMs`, following at most three
 * redirects, each vetted like the first address. 2xx is success; anything else (or a refusal)
 * is a failed attempt with its reason.
 */
export async function deliver(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  timeoutMs: number,
): Promise<DeliveryResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let current = target;
  let method = 'POST';
  let payload: string | null = body;
  try {
    for (let hop = 0; ; hop++) {
      const { url, address } = await vetTarget(current, policy);
      const response = await send(url, address, { method, headers, body: payload }, signal);
      const redirect = [301, 302, 303, 307, 308].includes(response.statusCode);
      if (redirect && response.location) {
        if (hop >= MAX_REDIRECTS) {
          return {
            ok: false,
            statusCode: response.statusCode,
            durationMs: elapsed(),
            error: 'too many redirects',
          };
        }
        current = new URL(response.location, url).toString();
        if (
          response.statusCode === 303 ||
          ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
        ) {
          method = 'GET';
          payload = null;
        }
        continue;
      }
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        ok,
        statusCode: response.statusCode,
        durationMs: elapsed(),
        error: ok ? null : `HTTP ${response.statusCode}`,
      };
    }
  } catch (error) {
    const message =
      error instanceof TargetRefused
        ? `refused: ${error.message}`
        : signal.aborted
          ? `timeout after ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
    return { ok: false, statusCode: null, durationMs: elapsed(), error: message.slice(0, 500) };
  }
}
