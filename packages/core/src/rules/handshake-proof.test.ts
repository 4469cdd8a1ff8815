import { describe, expect, it } from 'vitest';
import { HANDSHAKE_PROOF_VECTORS, handshakeProof } from './handshake-proof.ts';

describe('handshakeProof', () => {
  it.each(HANDSHAKE_PROOF_VECTORS)('gives the published proof for $phase', (vector) => {
    expect(
      handshakeProof(vector.handshakeKey, vector.phase, vector.ownToken, vector.partnerToken),
    ).toBe(vector.proof);
  });

  it('changes with the phase and with the order of the tokens', () => {
    const [v] = HANDSHAKE_PROOF_VECTORS;
    const start = handshakeProof(v!.handshakeKey, 'start', v!.ownToken, v!.partnerToken);
    expect(handshakeProof(v!.handshakeKey, 'end', v!.ownToken, v!.partnerToken)).not.toBe(start);
    expect(handshakeProof(v!.handshakeKey, 'start', v!.partnerToken, v!.ownToken)).not.toBe(start);
  });
});
