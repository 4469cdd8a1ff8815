import { createHash, X509Certificate } from 'node:crypto';
import cbor from 'cbor';
import {
  setAppAttestRootCertificate,
  verifyAssertion,
  verifyAttestation,
} from 'appattest-checker-node';
import type { AppAttestConfig } from '../../config.ts';

/**
 * The authenticator data's aaguid of each App Attest environment. The verifier library compares
 * only the first 9 bytes in production, which a development attestation ("appattestdevelop")
 * shares: the whole 16 bytes are compared here.
 */
const AAGUID = {
  production: Buffer.concat([Buffer.from('appattest'), Buffer.alloc(7)]),
  development: Buffer.from('appattestdevelop'),
} as const;
const AAGUID_OFFSET = 37;

export type Verified<T> = ({ ok: true } & T) | { ok: false; reason: string };

/** SHA-256 of the UTF-8 text, as the app's `attestKey` / `generateAssertion` sign it. */
function clientDataHash(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Apple App Attest through `appattest-checker-node` (the chain to the App Attest root, the
 * nonce extension, key id, rpId = SHA-256 of the App ID, counter 0, credential id), plus what
 * it leaves out: the whole aaguid of the configured environment and the certificates' dates.
 * The library keeps its root per process; the configured one is set here.
 */
export class AppAttestVerifier {
  constructor(
    private readonly config: Pick<AppAttestConfig, 'environment' | 'rootPem'> & { appId: string },
    private readonly now: () => Date = () => new Date(),
  ) {
    setAppAttestRootCertificate(config.rootPem ?? null);
  }

  /** Verifies an attestation of `keyId` made over `challenge`; the key's public PEM. */
  async attestation(
    keyId: string,
    challenge: string,
    attestation: Buffer,
  ): Promise<Verified<{ publicKeyPem: string }>> {
    const own = this.ownChecks(attestation);
    if (own) return { ok: false, reason: own };
    const result = await verifyAttestation(
      { appId: this.config.appId, developmentEnv: this.config.environment === 'development' },
      keyId,
      Buffer.from(challenge, 'utf8'),
      attestation,
    );
    if ('verifyError' in result) return { ok: false, reason: result.verifyError };
    return { ok: true, publicKeyPem: result.publicKeyPem };
  }

  /** Verifies an assertion over `clientData`; its counter, for the caller to compare. */
  async assertion(
    clientData: string,
    publicKeyPem: string,
    assertion: Buffer,
  ): Promise<Verified<{ signCount: number }>> {
    const result = await verifyAssertion(
      clientDataHash(clientData),
      publicKeyPem,
      this.config.appId,
      assertion,
    ).catch(() => ({ verifyError: 'fail_parsing_assertion' as const }));
    if ('verifyError' in result) return { ok: false, reason: result.verifyError };
    return { ok: true, signCount: result.signCount };
  }

  /** The aaguid and the certificates' validity, or null when both hold. */
  private ownChecks(attestation: Buffer): string | null {
    let decoded: unknown;
    try {
      decoded = cbor.decodeFirstSync(attestation);
    } catch {
      return 'fail_parsing_attestation';
    }
    const { authData, attStmt } = (decoded ?? {}) as {
      authData?: unknown;
      attStmt?: { x5c?: unknown };
    };
    if (!Buffer.isBuffer(authData) || authData.length < AAGUID_OFFSET + 16) {
      return 'fail_parsing_attestation';
    }
    const aaguid = authData.subarray(AAGUID_OFFSET, AAGUID_OFFSET + 16);
    if (!aaguid.equals(AAGUID[this.config.environment])) return 'fail_aaguid_mismatch';
    const x5c = attStmt?.x5c;
    if (!Array.isArray(x5c) || !x5c.every((der) => Buffer.isBuffer(der))) {
      return 'fail_parsing_attestation';
    }
    const now = this.now().getTime();
    try {
      for (const der of x5c as Buffer[]) {
        const cert = new X509Certificate(der);
        if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now) {
          return 'fail_certificate_expired';
        }
      }
    } catch {
      return 'fail_parsing_attestation';
    }
    return null;
  }
}
