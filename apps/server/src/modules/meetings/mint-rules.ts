import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { MeetingReason } from '@meeet/core/api/meetings';
import { KycStatus, NFT_TYPES, type NftType } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';
import type { DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { deviceReasons } from '../devices/device-rules.ts';
import { kycFacts } from '../kyc/kyc.service.ts';
import { firstPurchaseAt } from '../market/market.service.ts';
import type { SessionsService } from '../users/sessions.service.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';

/** Levels whose mint needs approved KYC allowing them (spec §6: Gold and Platinum). */
const KYC_LEVELS: readonly NftType[] = [1, 2];

/** One member of a pair as the rules see it: the account and the device it proves with. */
export interface PairMember {
  userId: number;
  device: string | null;
}

export interface MintRulesDeps {
  sessions: Pick<SessionsService, 'userOf'>;
  /** The levels a user holds now (an unavailable chain answers none). */
  levelsOf: (userId: number) => Promise<NftType[]>;
  firstMintDelayMs: number;
  now: number;
}

/** What the read-only checks found: the level to mint, or the reasons none can. */
export interface MintVerdict {
  level: NftType | null;
  reasons: MeetingReason[];
  /** Each member's KYC status, in the pair's order (the denial counter needs it). */
  kycStatuses: readonly [KycStatus, KycStatus];
}

const denied = (status: KycStatus) =>
  status === KycStatus.REJECTED || status === KycStatus.REJECTED_FOREVER;

/**
 * Spec §4 and §6, read only: the level the pair would mint (the highest shared level every
 * rule allows) or every reason none can. Asked when a meeting is proposed and again when it
 * completes; nothing is written, so a refused proposal changes nothing.
 */
export async function mintVerdict(
  db: DbExecutor,
  deps: MintRulesDeps,
  pair: readonly [PairMember, PairMember],
): Promise<MintVerdict> {
  const { now } = deps;
  const ids = [pair[0].userId, pair[1].userId] as const;
  const [users, levels] = await Promise.all([
    Promise.all(ids.map((id) => deps.sessions.userOf(id))),
    Promise.all(ids.map((id) => deps.levelsOf(id))),
  ]);
  // One query at a time on the executor (it may be a transaction's single connection).
  const kyc = [];
  const annulled: boolean[] = [];
  for (const id of ids) {
    kyc.push(await kycFacts(txOf(db), id));
    annulled.push(Boolean((await repo.findStanding(db, id))?.annulledAt));
  }
  const reasons = new Set<MeetingReason>();
  const shared = NFT_TYPES.filter((l) => levels[0]!.includes(l) && levels[1]!.includes(l));
  if (shared.length === 0) reasons.add('no-shared-level');
  const [low, high] = ids[0] < ids[1] ? ids : [ids[1], ids[0]];
  if (await repo.pairMinted(db, low, high)) reasons.add('pair-already-minted');
  // The device rules are the devices module's (lock, one attested phone): asked, not restated.
  for (const reason of deviceReasons(users, [pair[0].device, pair[1].device], now)) {
    reasons.add(reason);
  }
  if (kyc.some((facts, i) => denied(facts.status) && annulled[i])) {
    reasons.add('status-annulled');
  }

  let chosen: NftType | null = null;
  let firstRefusal: MeetingReason[] = [];
  for (const level of [...shared].reverse()) {
    const refused = new Set<MeetingReason>();
    for (const [i, id] of ids.entries()) {
      const bought = await firstPurchaseAt(txOf(db), id, level);
      if (!bought || now - bought.getTime() < deps.firstMintDelayMs) {
        refused.add('first-purchase-too-recent');
      }
      if (KYC_LEVELS.includes(level)) {
        const facts = kyc[i]!;
        if (facts.status !== KycStatus.APPROVED) refused.add('kyc-required');
        else if (facts.maxNftType === null || facts.maxNftType < level) {
          refused.add('kyc-level-too-low');
        }
      }
    }
    if (refused.size === 0) {
      chosen = level;
      break;
    }
    if (firstRefusal.length === 0) firstRefusal = [...refused];
  }
  if (chosen === null) for (const reason of firstRefusal) reasons.add(reason);
  return {
    level: chosen ?? shared.at(-1) ?? null,
    reasons: [...reasons],
    kycStatuses: [kyc[0]!.status, kyc[1]!.status],
  };
}

/**
 * Spec §4, the one write of the rules: a user whose KYC was denied keeps `meetingsAfterDenial`
 * meetings, this one included; after them the status is annulled. Approved KYC clears the
 * counter. Runs only when a meeting completes.
 */
export async function countAfterDenial(
  tx: DbExecutor,
  userId: number,
  status: KycStatus,
  meetingsAfterDenial: number,
  now: number,
): Promise<void> {
  if (status === KycStatus.APPROVED) {
    await repo.clearStanding(tx, userId);
    return;
  }
  if (!denied(status)) return;
  const standing = await repo.standing(tx, userId);
  if (standing?.annulledAt) return;
  const left = Math.max(0, (standing?.meetingsLeft ?? meetingsAfterDenial) - 1);
  await repo.saveStanding(tx, {
    userId,
    meetingsLeft: left,
    annulledAt: left === 0 ? new Date(now) : null,
  });
}

/** The refusal of a proposed meeting that could never mint: its reasons as text and as data. */
export function cannotMint(reasons: readonly MeetingReason[], locale: Locale): AppError {
  return new AppError(ErrorCode.MEETING_CANNOT_MINT, {
    messageKey: 'meetings.cannot-mint',
    params: {
      reasons: reasons.map((reason) => translate(locale, `meetings.reason.${reason}`)).join('; '),
    },
    details: { reasons: reasons.join(',') },
  });
}
