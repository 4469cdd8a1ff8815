/** The phone's App Attest service (`@expo/app-integrity` on iOS). */
export interface AttestService {
  /** A new key in the Secure Enclave; its id (base64). */
  generateKey: () => Promise<string>;
  /** Apple's attestation of the key over SHA-256 of `challenge` (base64 CBOR). */
  attestKey: (keyId: string, challenge: string) => Promise<string>;
  /** An assertion over SHA-256 of `text`, with the key's next counter (base64 CBOR). */
  generateAssertion: (keyId: string, text: string) => Promise<string>;
}
