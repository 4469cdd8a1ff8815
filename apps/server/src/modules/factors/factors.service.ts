import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  decodeFactorProof,
  type FactorKind,
  type FactorProof,
  type FactorStatus,
  type PasskeyRegisterRequest,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
} from '@meeet/core/api/factors';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { FactorLimiter } from './factor-limiter.ts';
import { factorsRepository as repo } from './factors.repository.ts';
import type { PasskeyCeremonies } from './passkeys.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from './totp.ts';

/** What the security audit hears of: a factor enrolled, removed, or a failed proof. */
export interface FactorEvent {
  userId: number;
  change: 'enrolled' | 'removed' | 'failed';
  /** `totp`, `recovery-codes`, `passkey`, or the kind of a failed proof. */
  factor: string;
}

export interface FactorsServiceDeps {
  db: Database;
  limiter: FactorLimiter;
  passkeys: PasskeyCeremonies;
  /** Keys the recovery-code hashes, so a database leak hands out no working codes. */
  hashKey: string;
  /** The one place factor events leave this module for the audit trail. */
  recordSecurityEvent: (event: FactorEvent) => Promise<void>;
}

const factorInvalid = () => new AppError(ErrorCode.FACTOR_INVALID);

/**
 * Second factors: TOTP with recovery codes, and passkeys. Other modules ask it one thing:
 * `assertFactor` before a guarded action (a withdrawal, a new device's sign-in, a security
 * change). Users without any factor pass untouched.
 */
export class FactorsService {
  constructor(private readonly deps: FactorsServiceDeps) {}

  /** The kinds a user holds (an enrolment not yet confirmed is none). */
  async kinds(userId: number): Promise<FactorKind[]> {
    const { db } = this.deps;
    const [totp, passkeys] = await Promise.all([repo.totp(db, userId), repo.passkeys(db, userId)]);
    const kinds: FactorKind[] = [];
    if (totp?.enabled) kinds.push('totp');
    if (passkeys.length > 0) kinds.push('passkey');
    return kinds;
  }

  async status(auth: AuthContext): Promise<FactorStatus> {
    const { db } = this.deps;
    const userId = auth.user.id;
    const [totp, left, passkeys] = await Promise.all([
      repo.totp(db, userId),
      repo.recoveryCodesLeft(db, userId),
      repo.passkeys(db, userId),
    ]);
    return {
      totp: totp?.enabled ?? false,
      recoveryCodesLeft: left,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * Passes when the user holds no factor or `header` proves one; otherwise 403
   * FACTOR_REQUIRED (naming the kinds held), FACTOR_INVALID, or 429 after too many failures.
   */
  async assertFactor(userId: number, header: string | undefined): Promise<void> {
    const kinds = await this.kinds(userId);
    if (kinds.length === 0) return;
    await this.prove(userId, kinds, header);
  }

  /**
   * A sign-in from a device the account has not used before needs a factor too (`knownDevice`
   * is asked only of users who hold one).
   */
  async assertSignIn(
    userId: number,
    knownDevice: () => Promise<boolean>,
    header: string | undefined,
  ): Promise<void> {
    const kinds = await this.kinds(userId);
    if (kinds.length === 0 || (await knownDevice())) return;
    await this.prove(userId, kinds, header);
  }

  private async prove(userId: number, kinds: FactorKind[], header: string | undefined) {
    const proof = decodeFactorProof(header);
    if (!proof) {
      throw new AppError(ErrorCode.FACTOR_REQUIRED, { details: { kinds: kinds.join(',') } });
    }
    await this.deps.limiter.assertAllowed(userId);
    if (!(await this.verify(userId, kinds, proof))) {
      await this.deps.limiter.recordFailure(userId);
      await this.deps.recordSecurityEvent({ userId, change: 'failed', factor: proof.kind });
      throw factorInvalid();
    }
  }

  private async verify(userId: number, kinds: FactorKind[], proof: FactorProof): Promise<boolean> {
    const { db } = this.deps;
    if (proof.kind === 'passkey') {
      if (!kinds.includes('passkey')) return false;
      return this.deps.passkeys.verifyAssertion(proof.response, userId).then(
        () => true,
        () => false,
      );
    }
    if (proof.kind === 'recovery') {
      const hash = recoveryCodeHash(this.deps.hashKey, proof.code);
      return repo.spendRecoveryCode(db, userId, hash);
    }
    const totp = await repo.totp(db, userId);
    if (!totp?.enabled) return false;
    const step = totpStep(totp.secret, proof.code);
    return step !== null && (await repo.acceptStep(db, userId, step, false));
  }

  /** A fresh secret to scan; TOTP turns on only when `enableTotp` verifies a code of it. */
  async setupTotp(auth: AuthContext): Promise<TotpSetupResponse> {
    const { secret, uri } = newTotpSecret(auth.user.email ?? `user-${auth.user.id}`);
    const stored = await repo.putPendingTotp(this.deps.db, auth.user.id, secret);
    if (!stored) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'msg.totp-already-on' });
    return { secret, uri };
  }

  /**
   * Turns TOTP on with a code of the pending secret (and the user's other factor, if any);
   * answers ten recovery codes, shown this once.
   */
  async enableTotp(
    auth: AuthContext,
    code: string,
    header: string | undefined,
  ): Promise<RecoveryCodesResponse> {
    const { db } = this.deps;
    const userId = auth.user.id;
    const pending = await repo.totp(db, userId);
    if (pending?.enabled)
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'msg.totp-already-on' });
    if (!pending) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, { messageKey: 'msg.totp-not-started' });
    }
    await this.assertFactor(userId, header);
    await this.deps.limiter.assertAllowed(userId);
    const step = totpStep(pending.secret, code);
    const accepted = step !== null && (await repo.acceptStep(db, userId, step, true));
    if (!accepted) {
      await this.deps.limiter.recordFailure(userId);
      await this.deps.recordSecurityEvent({ userId, change: 'failed', factor: 'totp' });
      throw factorInvalid();
    }
    const recoveryCodes = await this.replaceRecoveryCodes(userId);
    await this.deps.recordSecurityEvent({ userId, change: 'enrolled', factor: 'totp' });
    return { recoveryCodes };
  }

  /** Turns TOTP off, with a factor; its recovery codes go with it. */
  async disableTotp(auth: AuthContext, header: string | undefined): Promise<void> {
    const userId = auth.user.id;
    const kinds = await this.kinds(userId);
    if (!kinds.includes('totp')) throw new AppError(ErrorCode.NOT_FOUND);
    await this.prove(userId, kinds, header);
    await this.deps.db.transaction(async (tx) => {
      await repo.deleteTotp(tx, userId);
      await repo.replaceRecoveryCodes(tx, userId, []);
    });
    await this.deps.recordSecurityEvent({ userId, change: 'removed', factor: 'totp' });
  }

  /** New recovery codes for a user with TOTP on, with a factor; the old ones stop working. */
  async regenerateRecoveryCodes(
    auth: AuthContext,
    header: string | undefined,
  ): Promise<RecoveryCodesResponse> {
    const userId = auth.user.id;
    const kinds = await this.kinds(userId);
    if (!kinds.includes('totp')) throw new AppError(ErrorCode.CONDITIONS_NOT_MET);
    await this.prove(userId, kinds, header);
    const recoveryCodes = await this.replaceRecoveryCodes(userId);
    await this.deps.recordSecurityEvent({ userId, change: 'enrolled', factor: 'recovery-codes' });
    return { recoveryCodes };
  }

  private async replaceRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => recoveryCodeHash(this.deps.hashKey, code));
    await repo.replaceRecoveryCodes(this.deps.db, userId, hashes);
    return codes;
  }

  async passkeyRegistrationOptions(auth: AuthContext) {
    const existing = await repo.passkeys(this.deps.db, auth.user.id);
    return this.deps.passkeys.registrationOptions(auth.user, existing);
  }

  /** Stores a new passkey; a user who already holds a factor proves it first. */
  async registerPasskey(
    auth: AuthContext,
    input: PasskeyRegisterRequest,
    header: string | undefined,
  ): Promise<void> {
    const userId = auth.user.id;
    await this.assertFactor(userId, header);
    const credential = await this.deps.passkeys.verifyRegistration(userId, input.response);
    const count = (await repo.passkeys(this.deps.db, userId)).length;
    await repo.insertPasskey(this.deps.db, {
      ...credential,
      userId,
      name: input.name ?? `Passkey ${count + 1}`,
    });
    await this.deps.recordSecurityEvent({ userId, change: 'enrolled', factor: 'passkey' });
  }

  /** Options for a passkey proof: the caller's own passkeys, or (signed out) any of the site's. */
  async passkeyAssertionOptions(auth: AuthContext | null) {
    if (!auth) return this.deps.passkeys.assertionOptions(null, []);
    const own = await repo.passkeys(this.deps.db, auth.user.id);
    if (own.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
    return this.deps.passkeys.assertionOptions(auth.user.id, own);
  }

  /** The owner of a passkey that signs in (a passkey is itself two factors: device and user). */
  async passkeySignIn(response: Record<string, unknown>): Promise<number> {
    return this.deps.passkeys.verifyAssertion(response, null);
  }

  async removePasskey(auth: AuthContext, id: string, header: string | undefined): Promise<void> {
    const userId = auth.user.id;
    const kinds = await this.kinds(userId);
    if (!kinds.includes('passkey')) throw new AppError(ErrorCode.NOT_FOUND);
    await this.prove(userId, kinds, header);
    if (!(await repo.deletePasskey(this.deps.db, userId, id))) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    await this.deps.recordSecurityEvent({ userId, change: 'removed', factor: 'passkey' });
  }
}
