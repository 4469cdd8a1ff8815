import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import type { HandshakePhase } from '../api/meetings.ts';

/**
 * The Bluetooth handshake proof, computed the same way by the phone that sends it and the
 * server that checks it (issue 39: the two once disagreed on the key's encoding, and every
 * handshake from a real iPhone was refused).
 *
 * proof = lower-case hex of HMAC-SHA256(key, `${phase}:${ownToken}:${partnerToken}`), where the
 * key is the 32 bytes that `handshakeKey` (64 hex characters) encodes — not its text.
 */
export function handshakeProof(
  handshakeKey: string,
  phase: HandshakePhase,
  ownToken: string,
  partnerToken: string,
): string {
  return bytesToHex(
    hmac(sha256, hexToBytes(handshakeKey), utf8ToBytes(`${phase}:${ownToken}:${partnerToken}`)),
  );
}

/** Published test vectors: any implementation of the proof must give exactly these. */
export const HANDSHAKE_PROOF_VECTORS: readonly {
  handshakeKey: string;
  phase: HandshakePhase;
  ownToken: string;
  partnerToken: string;
  proof: string;
}[] = [
  {
    handshakeKey: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    phase: 'start',
    ownToken: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    partnerToken: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    proof: '5200ae6ed84101ba38b41ed262a346bf04d75cd2a8da14971eaa2ec289356bfe',
  },
  {
    handshakeKey: 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100',
    phase: 'end',
    ownToken: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    partnerToken: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    proof: '8d4d0d75aa7e977232c12caefad6601fd779dd56e0843ced0f52e2860451be24',
  },
];
