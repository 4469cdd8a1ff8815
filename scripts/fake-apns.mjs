// A stand-in for Apple's push service (APNs cannot be reached from here): an HTTP/2 server over
// TLS with a self-signed certificate for 127.0.0.1 that answers 200 as APNs does and keeps each
// push it receives as a file the browser tests read (e2e/support/pushes.ts). The server under
// test trusts the certificate through NODE_EXTRA_CA_CERTS.
import { generateKeyPairSync, randomUUID, webcrypto } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto);

function pem(label, der) {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;
}

async function selfSigned() {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=127.0.0.1',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 7 * 24 * 3600_000),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }]),
    ],
  });
  return {
    cert: cert.toString('pem'),
    key: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
}

/**
 * Starts the fake APNs; answers the settings the server needs (APNS_* and the CA file) and a
 * close function.
 */
export async function startFakeApns(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { cert, key } = await selfSigned();
  const caFile = join(dir, '..', 'e2e-apns-ca.pem');
  writeFileSync(caFile, cert);
  const server = createSecureServer({ key, cert, allowHTTP1: false });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (body += chunk));
    stream.on('end', () => {
      const path = String(headers[':path']);
      const file = join(dir, `${Date.now()}-${randomUUID()}.json`);
      writeFileSync(
        file,
        JSON.stringify({ token: path.split('/').at(-1), topic: headers['apns-topic'], body }),
      );
      stream.respond({ ':status': 200, 'apns-id': randomUUID() });
      stream.end();
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const signing = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    env: {
      APNS_KEY: signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      APNS_KEY_ID: 'E2EKEY0001',
      APNS_TEAM_ID: 'E2ETEAM001',
      APNS_BUNDLE_ID: 'app.meeet.ios',
      APNS_HOST: `127.0.0.1:${server.address().port}`,
      NODE_EXTRA_CA_CERTS: caFile,
    },
    close() {
      for (const session of sessions) session.destroy();
      server.close();
    },
  };
}
