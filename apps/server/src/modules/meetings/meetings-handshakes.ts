import { randomInt } from 'node:crypto';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  HANDSHAKE_CODE_LENGTH,
  HANDSHAKE_QR_ROTATE_MS,
  type HandshakeCodeResponse,
  type HandshakeRequest,
  type HandshakeResponse,
  type Meeting,
  type MeetingReason,
  type ProximityTokensResponse,
} from '@meeet/core/api/meetings';
import type { Locale } from '@meeet/core/i18n/locale';
import { isProfileComplete } from '@meeet/core/rules/profile';
import type { DbExecutor } from '../../db/client.ts';
import { assertDistinctPhones } from '../devices/device-rules.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import type { UserFacts } from '../users/users.service.ts';
import type { MeetingMethod } from './detector.ts';
import { parseQr, qrPayload, qrSigned } from './handshake-qr.ts';
import { handshakeRefused, type MeetingsContext } from './meetings-context.ts';
import type { MeetingsLeader } from './meetings-leader.ts';
import type { MeetingNotices } from './meetings-notices.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';
import { cannotMint, mintVerdict, type PairMember } from './mint-rules.ts';

type CodeOutcome =
  | { phase: 'start' | 'end'; row: MeetingRow }
  | { phase: 'refused'; partnerId: number; reasons: MeetingReason[] };

/**
 * How two phones start and end a meeting: a code or a signed QR shown by one and entered by
 * the other, or both halves of a Bluetooth handshake over proximity tokens.
 */
export class MeetingHandshakes {
  constructor(
    private readonly ctx: MeetingsContext,
    private readonly leader: MeetingsLeader,
    private readonly notices: MeetingNotices,
  ) {}

  async proximityTokens(
    auth: AuthContext,
    fingerprint: string | null,
  ): Promise<ProximityTokensResponse> {
    const { store, config, log } = this.ctx.deps;
    const levels = await this.ctx.levelsOf(auth.user.id);
    // The candidate index learns the levels; tokens do not wait for it.
    void this.leader
      .onLeader({ op: 'levels', userId: auth.user.id, levels })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'meetings: levels not passed to the leader'),
      );
    return {
      tokens: await store.issueTokens(auth.user.id, auth.sessionId, fingerprint, this.ctx.now()),
      rotateSeconds: Math.round(config.tokenRotateMs / 1000),
      handshakeKey: store.handshakeKey(auth.sessionId),
    };
  }

  private assertCanMeet(user: UserFacts): void {
    if (!user.emailVerified || !isProfileComplete(user)) {
      throw new AppError(ErrorCode.CONDITIONS_NOT_MET, {
        messageKey: 'meetings.profile-incomplete',
      });
    }
  }

  async handshakeCode(
    auth: AuthContext,
    fingerprint: string | null,
  ): Promise<HandshakeCodeResponse> {
    this.assertCanMeet(auth.user);
    const userId = auth.user.id;
    const { db, config, secret } = this.ctx.deps;
    const active = await repo.activeOf(db, userId);
    await repo.clearCodes(db, userId);
    const expiresAt = new Date(this.ctx.now() + config.codeTtlMs);
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = String(randomInt(0, 10 ** HANDSHAKE_CODE_LENGTH)).padStart(
        HANDSHAKE_CODE_LENGTH,
        '0',
      );
      const row = await repo.insertCode(db, {
        code,
        issuerId: userId,
        issuerDevice: fingerprint,
        phase: active ? 'end' : 'start',
        meetingId: active?.id ?? null,
        expiresAt,
      });
      if (!row) continue;
      return {
        phase: row.phase,
        code,
        qr: qrPayload(secret, code, row.expiresAt),
        meetingId: row.meetingId,
        expiresAt: row.expiresAt.getTime(),
        rotateAt: Math.min(row.expiresAt.getTime(), this.ctx.now() + HANDSHAKE_QR_ROTATE_MS),
      };
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
  }

  async handshake(
    auth: AuthContext,
    fingerprint: string | null,
    body: HandshakeRequest,
    locale: Locale = 'en',
  ): Promise<HandshakeResponse> {
    this.assertCanMeet(auth.user);
    if (body.method === 'ble') return this.bleHandshake(auth, fingerprint, body, locale);
    const scanned = body.method === 'qr' ? parseQr(body.payload) : null;
    if (body.method === 'qr' && !scanned) {
      throw handshakeRefused('meetings.qr-invalid', ErrorCode.INVALID_CODE);
    }
    const code = scanned?.code ?? (body.method === 'code' ? body.code : '');
    const me = auth.user.id;
    const outcome = await this.ctx.deps.db.transaction(async (tx): Promise<CodeOutcome> => {
      const hs = await repo.takeCode(tx, code);
      if (!hs) {
        throw handshakeRefused(
          body.method === 'qr' ? 'meetings.qr-invalid' : 'meetings.code-invalid',
          ErrorCode.INVALID_CODE,
        );
      }
      if (scanned && !qrSigned(this.ctx.deps.secret, scanned, hs.expiresAt)) {
        throw handshakeRefused('meetings.qr-invalid', ErrorCode.INVALID_CODE);
      }
      if (hs.issuerId === me) throw handshakeRefused('meetings.code-own');
      if (hs.phase === 'start') {
        const pair = [
          { userId: hs.issuerId, device: hs.issuerDevice },
          { userId: me, device: fingerprint },
        ] as const;
        // One attested phone is its own refusal (SAME_DEVICE); then every mint rule. The code
        // is used up either way: the issuer's screen hears the refusal.
        assertDistinctPhones(pair[0].device, pair[1].device);
        const reasons = await this.preflight(tx, pair);
        if (reasons.length > 0) return { phase: 'refused', partnerId: hs.issuerId, reasons };
        const row = await this.insertMeeting(tx, 'code', [pair[0], pair[1]]);
        return { phase: 'start', row };
      }
      const meeting = hs.meetingId === null ? undefined : await repo.lock(tx, hs.meetingId);
      if (!meeting || meeting.status !== 'active') throw handshakeRefused('meetings.no-active');
      if (meeting.userA !== me && meeting.userB !== me) {
        throw handshakeRefused('meetings.other-meeting');
      }
      return { phase: 'end', row: meeting };
    });
    if (outcome.phase === 'refused') {
      return this.refuseProposal(me, outcome.partnerId, outcome.reasons, locale);
    }
    if (outcome.phase === 'start') return { meeting: await this.started(outcome.row, me) };
    return { meeting: await this.endByHandshake(outcome.row.id, me) };
  }

  private async bleHandshake(
    auth: AuthContext,
    fingerprint: string | null,
    body: Extract<HandshakeRequest, { method: 'ble' }>,
    locale: Locale,
  ): Promise<HandshakeResponse> {
    const me = auth.user.id;
    const now = this.ctx.now();
    const { store, db, config } = this.ctx.deps;
    const partner = (await store.resolveTokens([body.partnerToken], now)).get(body.partnerToken);
    if (partner === undefined) {
      throw handshakeRefused('meetings.token-unknown', ErrorCode.INVALID_CODE);
    }
    if (partner === me) throw handshakeRefused('meetings.not-yourself');
    if (
      !(await store.verifyProof(auth.sessionId, body.phase, body.partnerToken, body.proof, now))
    ) {
      throw handshakeRefused('meetings.proof-invalid', ErrorCode.INVALID_CODE);
    }
    if (body.phase === 'start') {
      const reasons = await this.preflight(db, [
        { userId: partner, device: null },
        { userId: me, device: fingerprint },
      ]);
      if (reasons.length > 0) await this.refuseProposal(me, partner, reasons, locale);
    }
    const key = `${body.phase}:${Math.min(me, partner)}:${Math.max(me, partner)}`;
    const half = await store.matchHalf(
      key,
      { userId: me, device: fingerprint, at: now },
      config.codeTtlMs,
    );
    if (!half) return { meeting: null };
    if (body.phase === 'start') {
      const row = await db.transaction((tx) =>
        this.insertMeeting(tx, 'ble', [
          { userId: partner, device: half.device },
          { userId: me, device: fingerprint },
        ]),
      );
      return { meeting: await this.started(row, me) };
    }
    const active = await repo.activeOf(db, me);
    if (!active || (active.userA !== partner && active.userB !== partner)) {
      throw handshakeRefused('meetings.no-active');
    }
    return { meeting: await this.endByHandshake(active.id, me) };
  }

  /**
   * Say no before, not after: when a meeting is proposed, every reason it could not mint.
   * Refused, both members hear `meeting:refused` with the reasons and the caller gets
   * MEETING_CANNOT_MINT; nothing starts.
   */
  private async preflight(
    db: DbExecutor,
    pair: readonly [PairMember, PairMember],
  ): Promise<MeetingReason[]> {
    return (await mintVerdict(db, this.ctx.rulesDeps(), pair)).reasons;
  }

  private async refuseProposal(
    callerId: number,
    partnerId: number,
    reasons: readonly MeetingReason[],
    locale: Locale,
  ): Promise<never> {
    await this.notices.refused(callerId, partnerId, reasons);
    throw cannotMint([...reasons], locale);
  }

  private async insertMeeting(
    tx: DbExecutor,
    method: MeetingMethod,
    [issuer, accepter]: [PairMember, PairMember],
  ): Promise<MeetingRow> {
    assertDistinctPhones(issuer.device, accepter.device);
    await repo.lockUsers(tx, [issuer.userId, accepter.userId]);
    if (await repo.activeOf(tx, accepter.userId)) throw handshakeRefused('meetings.already-active');
    if (await repo.activeOf(tx, issuer.userId)) throw handshakeRefused('meetings.partner-busy');
    const [a, b] = issuer.userId < accepter.userId ? [issuer, accepter] : [accepter, issuer];
    return repo.insert(tx, {
      userA: a.userId,
      userB: b.userId,
      method,
      deviceA: a.device,
      deviceB: b.device,
      startedAt: new Date(this.ctx.now()),
    });
  }

  private async started(row: MeetingRow, viewerId: number): Promise<Meeting> {
    await this.leader.started(row);
    const [viewA, viewB] = await this.notices.started(row);
    return viewerId === row.userA ? viewA : viewB;
  }

  private endByHandshake(meetingId: number, viewerId: number): Promise<Meeting> {
    return this.leader.onLeader<Meeting>({ op: 'end', meetingId, viewerId });
  }
}
