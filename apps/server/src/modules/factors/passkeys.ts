import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Database } from '../../db/client.ts';
import { factorsRepository as repo } from './factors.repository.ts';
import type { PasskeyRow } from './factors.schema.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;

/** Where passkeys are bound: the site's host and origin, from PUBLIC_URL. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { name: 'MEEET', id: url.hostname, origin: url.origin };
};

/** Options as the contract carries them: plain JSON the browser library reads. */
const asJson = (value: object): Record<string, unknown> => ({ ...value });

const passkeyInvalid = () =>
  new AppError(ErrorCode.FACTOR_INVALID, { messageKey: 'msg.passkey-invalid' });

/** The WebAuthn ceremonies (@simplewebauthn/server); challenges are spent by their first use. */
export class PasskeyCeremonies {
  constructor(
    private readonly db: Database,
    private readonly rp: RelyingParty,
  ) {}

  private async storeChallenge(challenge: string, userId: number | null, purpose: string) {
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    await repo.putChallenge(this.db, { challenge, userId, purpose, expiresAt });
  }

  async registrationOptions(user: { id: number; email: string | null }, existing: PasskeyRow[]) {
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email ?? `user-${user.id}`,
      userID: new TextEncoder().encode(String(user.id)),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.id,
        transports: p.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.storeChallenge(options.challenge, user.id, 'register');
    return asJson(options);
  }

  /** Verifies a new credential of `userId`; answers what to store. */
  async verifyRegistration(userId: number, response: Record<string, unknown>) {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => repo.spendChallenge(this.db, challenge, userId, 'register'),
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) throw passkeyInvalid();
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  }

  /** Options to prove a passkey: of this user (step-up), or any of the site's (sign-in). */
  async assertionOptions(userId: number | null, allowed: PasskeyRow[]) {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'preferred',
      allowCredentials: allowed.map((p) => ({
        id: p.id,
        transports: p.transports as AuthenticatorTransport[],
      })),
    });
    await this.storeChallenge(options.challenge, userId, 'assert');
    return asJson(options);
  }

  /**
   * Verifies an assertion against the stored credential and a challenge issued for
   * `challengeUserId` (null: the sign-in path); answers the passkey's owner.
   */
  async verifyAssertion(
    response: Record<string, unknown>,
    challengeUserId: number | null,
  ): Promise<number> {
    const json = response as unknown as AuthenticationResponseJSON;
    const stored = typeof json.id === 'string' ? await repo.passkey(this.db, json.id) : undefined;
    if (!stored || (challengeUserId !== null && stored.userId !== challengeUserId)) {
      throw passkeyInvalid();
    }
    const result = await verifyAuthenticationResponse({
      response: json,
      expectedChallenge: (challenge) =>
        repo.spendChallenge(this.db, challenge, challengeUserId, 'assert'),
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      credential: {
        id: stored.id,
        publicKey: stored.publicKey as Uint8Array<ArrayBuffer>,
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) throw passkeyInvalid();
    await repo.usedPasskey(this.db, stored.id, result.authenticationInfo.newCounter);
    return stored.userId;
  }
}
