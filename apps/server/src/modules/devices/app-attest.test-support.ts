import { createHash, createSign, KeyObject, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
import * as x509 from '@peculiar/x509';
import cbor from 'cbor';
import { assertionClientData, formatAssertionHeader } from '@meeet/core/rules/app-assertion';

/**
 * Test-only App Attest: a root CA, an intermediate and, per phone, a credential certificate with
 * the nonce extension, in a real CBOR attestation object, and assertions signed by the phone's
 * key — the shapes Apple's service produces, under a root the test owns.
 */

x509.cryptoProvider.set(webcrypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const NONCE_OID = '1.2.840.113635.100.8.2';
export const AAGUIDS = {
  production: Buffer.concat([Buffer.from('appattest'), Buffer.alloc(7)]),
  development: Buffer.from('appattestdevelop'),
};
const DAY = 86_400_000;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function keyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

/** DER of `SEQUENCE { [1] { OCTET STRING nonce } }`, the credential certificate's extension. */
function nonceExtension(nonce: Buffer): Buffer {
  const octets = Buffer.concat([Buffer.from([0x04, nonce.length]), nonce]);
  const tagged = Buffer.concat([Buffer.from([0xa1, octets.length]), octets]);
  return Buffer.concat([Buffer.from([0x30, tagged.length]), tagged]);
}

export class TestAttestCa {
  private constructor(
    readonly rootPem: string,
    private readonly intermediate: x509.X509Certificate,
    private readonly intermediateKey: CryptoKey,
  ) {}

  static async create(): Promise<TestAttestCa> {
    const [rootKeys, interKeys] = await Promise.all([keyPair(), keyPair()]);
    const notBefore = new Date(Date.now() - DAY);
    const notAfter = new Date(Date.now() + 365 * DAY);
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=Test App Attestation Root CA',
      notBefore,
      notAfter,
      signingAlgorithm: EC,
      keys: rootKeys,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
    });
    const intermediate = await x509.X509CertificateGenerator.create({
      serialNumber: '02',
      subject: 'CN=Apple App Attestation CA 1',
      issuer: root.subject,
      notBefore,
      notAfter,
      signingAlgorithm: EC,
      publicKey: interKeys.publicKey,
      signingKey: rootKeys.privateKey,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
    });
    return new TestAttestCa(root.toString('pem'), intermediate, interKeys.privateKey);
  }

  /** A phone of the app `appId` with its App Attest key. */
  async phone(appId: string): Promise<TestPhone> {
    const keys = await keyPair();
    const point = Buffer.from(await webcrypto.subtle.exportKey('raw', keys.publicKey));
    return new TestPhone(appId, keys, sha256(point), this);
  }

  /** The credential certificate of `keys` carrying `nonce` (or one that has expired). */
  async credential(keys: CryptoKeyPair, nonce: Buffer, expired = false): Promise<Buffer> {
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: Date.now().toString(16),
      subject: `CN=${nonce.toString('hex').slice(0, 32)}`,
      issuer: this.intermediate.subject,
      notBefore: new Date(Date.now() - (expired ? 30 : 1) * DAY),
      notAfter: new Date(Date.now() + (expired ? -DAY : 30 * DAY)),
      signingAlgorithm: EC,
      publicKey: keys.publicKey,
      signingKey: this.intermediateKey,
      extensions: [new x509.Extension(NONCE_OID, false, nonceExtension(nonce))],
    });
    return Buffer.from(cert.rawData);
  }

  get intermediateDer(): Buffer {
    return Buffer.from(this.intermediate.rawData);
  }
}

export interface AttestOptions {
  /** Signs over this challenge instead (a wrong nonce). */
  challenge?: string;
  appId?: string;
  environment?: keyof typeof AAGUIDS;
  /** Certificates from another CA (a wrong root). */
  ca?: TestAttestCa;
  /** A credential certificate past its end. */
  expired?: boolean;
}

export class TestPhone {
  /** The assertion counter the phone's next assertion carries. */
  counter = 1;
  readonly keyId: string;

  constructor(
    private readonly appId: string,
    private readonly keys: CryptoKeyPair,
    credentialId: Buffer,
    private readonly ca: TestAttestCa,
  ) {
    this.keyId = credentialId.toString('base64');
  }

  /** `attestKey(keyId, challenge)`: the base64 attestation object. */
  async attest(challenge: string, options: AttestOptions = {}): Promise<string> {
    const credentialId = Buffer.from(this.keyId, 'base64');
    const coseKey = cbor.encode(
      new Map<number, number>([
        [1, 2],
        [3, -7],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(options.appId ?? this.appId),
      Buffer.from([0x40]),
      Buffer.alloc(4),
      AAGUIDS[options.environment ?? 'production'],
      length,
      credentialId,
      coseKey,
    ]);
    const nonce = sha256(Buffer.concat([authData, sha256(options.challenge ?? challenge)]));
    const ca = options.ca ?? this.ca;
    const attestation = {
      fmt: 'apple-appattest',
      attStmt: {
        x5c: [await ca.credential(this.keys, nonce, options.expired), ca.intermediateDer],
        receipt: Buffer.from('test receipt'),
      },
      authData,
    };
    return cbor.encode(attestation).toString('base64');
  }

  /** `generateAssertion(keyId, clientData)`: the base64 assertion, with the next counter. */
  assert(clientData: string, counter = this.counter++): string {
    const authenticatorData = Buffer.alloc(37);
    sha256(this.appId).copy(authenticatorData, 0);
    authenticatorData[32] = 0x00;
    authenticatorData.writeUInt32BE(counter, 33);
    const nonce = sha256(Buffer.concat([authenticatorData, sha256(clientData)]));
    const signature = createSign('SHA256').update(nonce).sign(KeyObject.from(this.keys.privateKey));
    return cbor.encode({ signature, authenticatorData }).toString('base64');
  }

  /** The `x-app-assertion` header the app sends on `POST path` with `body` (raw) at `time`. */
  header(path: string, body = '', time = Date.now()): string {
    const assertion = this.assert(assertionClientData({ method: 'POST', path, time, body }));
    return formatAssertionHeader({ keyId: this.keyId, time, assertion });
  }
}
