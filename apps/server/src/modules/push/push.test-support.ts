import { createPublicKey, generateKeyPairSync, verify, webcrypto } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto);

/** What the fake APNs server was sent: one request. */
export interface ApnsRequest {
  path: string;
  token: string;
  headers: Record<string, string | string[] | undefined>;
  body: { aps: { alert?: { title?: string; body?: string }; 'thread-id'?: string } } & Record<
    string,
    unknown
  >;
}

/** An answer APNs gives: 200, or a status with its reason. */
export interface ApnsAnswer {
  status: number;
  reason?: string;
}

function pem(label: string, der: ArrayBuffer | Buffer): string {
  const base64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;
}

/** A `.p8`-like signing key (EC P-256, PKCS #8 PEM) such as Apple gives out. */
export function apnsSigningKey(): { key: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Checks an APNs provider JWT (ES256) and answers its header and claims. */
export function verifyProviderJwt(
  jwt: string,
  publicKeyPem: string,
): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) throw new Error('not a JWT');
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('JWT signature does not verify');
  return {
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>,
  };
}

/**
 * A local HTTP/2 server over TLS (a self-signed certificate made here) that answers as APNs
 * does. Per device token it plays a script of answers (then 200), and it keeps every request.
 */
export class FakeApns {
  readonly requests: ApnsRequest[] = [];
  private readonly sessions = new Set<ServerHttp2Session>();
  private readonly scripts = new Map<string, ApnsAnswer[]>();

  private constructor(
    private readonly server: Http2SecureServer,
    readonly host: string,
    readonly ca: string,
  ) {}

  static async start(): Promise<FakeApns> {
    const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = (await webcrypto.subtle.generateKey(alg, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=127.0.0.1',
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 24 * 3600_000),
      keys,
      signingAlgorithm: alg,
      extensions: [
        new x509.SubjectAlternativeNameExtension([
          { type: 'ip', value: '127.0.0.1' },
          { type: 'dns', value: 'localhost' },
        ]),
      ],
    });
    const certPem = cert.toString('pem');
    const keyPem = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
    const server = createSecureServer({ key: keyPem, cert: certPem, allowHTTP1: false });
    const fake: FakeApns = await new Promise((resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve(new FakeApns(server, `127.0.0.1:${port}`, certPem));
      });
    });
    server.on('session', (session) => {
      fake.sessions.add(session);
      session.on('close', () => fake.sessions.delete(session));
    });
    server.on('stream', (stream, headers) => {
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => {
        const path = String(headers[':path']);
        const token = path.split('/').at(-1) ?? '';
        fake.requests.push({
          path,
          token,
          headers: { ...headers },
          body: JSON.parse(body) as ApnsRequest['body'],
        });
        const answer = fake.scripts.get(token)?.shift() ?? { status: 200 };
        stream.respond({ ':status': answer.status, 'apns-id': `id-${fake.requests.length}` });
        stream.end(answer.reason ? JSON.stringify({ reason: answer.reason }) : undefined);
      });
    });
    return fake;
  }

  /** The next answers for pushes to `token`, in order; after them it answers 200. */
  script(token: string, ...answers: ApnsAnswer[]): void {
    this.scripts.set(token, answers);
  }

  to(token: string): ApnsRequest[] {
    return this.requests.filter((request) => request.token === token);
  }

  /** Stops listening and ends the clients' sessions (a provider still open would hold it). */
  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const session of this.sessions) session.destroy();
    return closed;
  }
}
