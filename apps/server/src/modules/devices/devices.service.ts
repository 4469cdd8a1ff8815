import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AttestChallenge, AttestRequest, AttestResponse } from '@meeet/core/api/devices';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  APP_ASSERTION_MAX_SKEW_MS,
  assertionClientData,
  parseAssertionHeader,
} from '@meeet/core/rules/app-assertion';
import { deviceLockState } from '@meeet/core/rules/device-lock';
import type { AppAttestConfig } from '../../config.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import type { AuthContext, SessionsService } from '../users/sessions.service.ts';
import { AppAttestVerifier } from './app-attest.ts';
import { attestedDevice, fingerprintDevice } from './device-rules.ts';
import { devicesRepository as repo } from './devices.repository.ts';
import type { DeviceKeyRow } from './devices.schema.ts';

/** How long an attestation challenge may be used (once). */
const CHALLENGE_TTL_MS = 5 * 60_000;

export interface DevicesServiceDeps {
  db: Database;
  config: AppAttestConfig;
  sessions: SessionsService;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** A meeting call as its assertion covers it. */
export interface MeetingCall {
  userId: number;
  /** The `x-app-assertion` header, when the call has one. */
  assertion: string | undefined;
  method: string;
  path: string;
  body: string;
  fingerprint: string | null;
}

function refusal(code: ErrorCode, reason: string): AppError {
  return new AppError(code, { details: { reason } });
}

/**
 * Attested phones (issue 39): App Attest keys checked against Apple's root, the accounts that
 * use them, the assertions meeting calls carry, and the device lock a second phone starts.
 */
export class DevicesService {
  private readonly verifier: AppAttestVerifier | null;
  private readonly now: () => number;

  constructor(private readonly deps: DevicesServiceDeps) {
    this.now = deps.now ?? (() => Date.now());
    const { appId } = deps.config;
    this.verifier = appId
      ? new AppAttestVerifier({ ...deps.config, appId }, () => new Date(this.now()))
      : null;
  }

  /** A one-time challenge for the caller's next attestation. */
  async challenge(auth: AuthContext): Promise<AttestChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now + CHALLENGE_TTL_MS);
    await repo.insertChallenge(
      this.deps.db,
      { challenge, userId: auth.user.id, expiresAt },
      new Date(now),
    );
    return { challenge, expiresAt: expiresAt.getTime() };
  }

  /**
   * A new key's attestation, or an assertion of a key this install attested before (a second
   * account on the phone). Links the key to the caller; the account's second key starts the
   * device lock. The challenge is spent whatever the outcome.
   */
  async attest(auth: AuthContext, body: AttestRequest): Promise<AttestResponse> {
    const verifier = this.verifier;
    if (!verifier) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, { messageKey: 'devices.unconfigured' });
    }
    const userId = auth.user.id;
    const { db } = this.deps;
    const expiresAt = await repo.takeChallenge(db, body.challenge, userId);
    if (!expiresAt || expiresAt.getTime() < this.now()) {
      throw refusal(ErrorCode.ATTESTATION_INVALID, 'challenge');
    }
    const user = await db.transaction(async (tx) => {
      if ('attestation' in body) {
        const verified = await verifier.attestation(
          body.keyId,
          body.challenge,
          Buffer.from(body.attestation, 'base64'),
        );
        if (!verified.ok) throw refusal(ErrorCode.ATTESTATION_INVALID, verified.reason);
        const { environment } = this.deps.config;
        const { publicKeyPem } = verified;
        if (!(await repo.insertKey(tx, { keyId: body.keyId, publicKeyPem, environment }))) {
          throw refusal(ErrorCode.ATTESTATION_INVALID, 'key-known');
        }
      } else {
        const key = await repo.findKey(tx, body.keyId);
        if (!key) throw refusal(ErrorCode.ATTESTATION_INVALID, 'key-unknown');
        const reason = await this.checkAssertion(tx, key, body.challenge, body.assertion);
        if (reason) throw refusal(ErrorCode.ATTESTATION_INVALID, reason);
      }
      return this.link(tx, body.keyId, userId);
    });
    return { keyId: body.keyId, deviceLock: deviceLockState(user ?? auth.user, this.now()) };
  }

  /**
   * The device a meeting call proves: the attested key its assertion was signed with, or,
   * where App Attest is optional, the fingerprint of a client without one (the web build).
   */
  async meetingDevice(call: MeetingCall): Promise<string | null> {
    if (call.assertion === undefined) {
      if (this.deps.config.mode === 'required') throw new AppError(ErrorCode.DEVICE_NOT_ATTESTED);
      return fingerprintDevice(call.fingerprint);
    }
    // Nothing to verify against (development without an App ID): as without an assertion.
    if (!this.verifier) return fingerprintDevice(call.fingerprint);
    const header = parseAssertionHeader(call.assertion);
    if (!header) throw refusal(ErrorCode.ASSERTION_INVALID, 'format');
    if (Math.abs(this.now() - header.time) > APP_ASSERTION_MAX_SKEW_MS) {
      throw refusal(ErrorCode.ASSERTION_INVALID, 'time');
    }
    const key = await repo.findKeyOf(this.deps.db, header.keyId, call.userId);
    if (!key) throw refusal(ErrorCode.ASSERTION_INVALID, 'key-unknown');
    const clientData = assertionClientData({ ...call, time: header.time });
    const reason = await this.checkAssertion(this.deps.db, key, clientData, header.assertion);
    if (reason) throw refusal(ErrorCode.ASSERTION_INVALID, reason);
    return attestedDevice(key.keyId);
  }

  /** Verifies an assertion and takes its counter; the reason when it fails. */
  private async checkAssertion(
    db: DbExecutor,
    key: DeviceKeyRow,
    clientData: string,
    assertion: string,
  ): Promise<string | null> {
    const verified = await this.verifier!.assertion(
      clientData,
      key.publicKeyPem,
      Buffer.from(assertion, 'base64'),
    );
    if (!verified.ok) return verified.reason;
    if (!(await repo.advanceCounter(db, key.keyId, verified.signCount))) return 'counter';
    return null;
  }

  /** The key joins the account; a second key of the account is a new phone: the lock. */
  private async link(tx: DbExecutor, keyId: string, userId: number) {
    await repo.lockAccount(tx, userId);
    const linked = await repo.link(tx, keyId, userId);
    if (linked && (await repo.otherKeys(tx, userId, keyId)) > 0) {
      return this.deps.sessions.lockForNewPhone(txOf(tx), userId);
    }
    return this.deps.sessions.userOf(userId);
  }
}
