import { BaseError, type Address } from 'viem';
import type { MeetingReason } from '@meeet/core/api/meetings';
import type { NftType } from '@meeet/core/enums';
import type { DbExecutor } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { userRoom } from '../../plugins/socket.ts';
import { ledger } from '../wallet/ledger.service.ts';
import {
  findGeneratedMint,
  isTransient,
  mintThroughMarket,
  type GeneratedMint,
} from './meeting-mint.ts';
import { MINT_ERROR_MAX, tokenName, type MeetingsContext } from './meetings-context.ts';
import type { MeetingNotices } from './meetings-notices.ts';
import { meetingsRepository as repo } from './meetings.repository.ts';
import type { MeetingRow } from './meetings.schema.ts';
import { countAfterDenial, mintVerdict } from './mint-rules.ts';

/** The short technical reason of a failure, as recorded on the meeting. */
function technicalReason(error: unknown): string {
  const text =
    error instanceof BaseError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, MINT_ERROR_MAX);
}

/** The token a completed meeting earns: the rules' last word, the mint, its record. */
export class MeetingMinting {
  constructor(
    private readonly ctx: MeetingsContext,
    private readonly notices: MeetingNotices,
  ) {}

  /**
   * The rules when a meeting completes: the read-only verdict, then the meeting counted
   * against a denied user's three (spec §4).
   */
  async verdictOnCompletion(
    tx: DbExecutor,
    row: MeetingRow,
  ): Promise<{ level: NftType | null; reasons: MeetingReason[] }> {
    const deps = this.ctx.rulesDeps();
    const verdict = await mintVerdict(tx, deps, [
      { userId: row.userA, device: row.deviceA },
      { userId: row.userB, device: row.deviceB },
    ]);
    for (const [i, userId] of [row.userA, row.userB].entries()) {
      const status = verdict.kycStatuses[i]!;
      await countAfterDenial(
        tx,
        userId,
        status,
        this.ctx.deps.config.meetingsAfterDenial,
        deps.now,
      );
    }
    return { level: verdict.level, reasons: verdict.reasons };
  }

  /**
   * Mints the token of a meeting whose outcome is `minting`, exactly once: the block before
   * the first send is recorded, and a retry (after a crash between the send and the record)
   * finds the earlier mint in the token's logs instead of sending again. A mint the chain
   * refuses is a technical failure: recorded, and the pair may mint together again.
   */
  async mintMeeting(meetingId: number): Promise<void> {
    const { db, log } = this.ctx.deps;
    const row = await repo.find(db, meetingId);
    if (!row || row.outcome !== 'minting' || row.level === null) return;
    const level = row.level as NftType;
    const { chain } = this.ctx.deps.chain.require();
    const a = chain.keys.depositAccount(row.userA).address;
    const b = chain.keys.depositAccount(row.userB).address;
    let fromBlock: bigint;
    if (row.mintFromBlock !== null) {
      fromBlock = BigInt(row.mintFromBlock);
      const found = await findGeneratedMint(chain, fromBlock, level, a, b);
      if (found) return this.recordMint(row, found, chain.keys.hot.address, chain.contracts.market);
      const hot = chain.keys.hot.address;
      const [pending, latest] = await Promise.all([
        chain.publicClient.getTransactionCount({ address: hot, blockTag: 'pending' }),
        chain.publicClient.getTransactionCount({ address: hot, blockTag: 'latest' }),
      ]);
      if (pending > latest) throw new Error('an earlier mint may still be pending; retry later');
    } else {
      fromBlock = await chain.publicClient.getBlockNumber();
      await repo.update(db, row.id, { mintFromBlock: fromBlock.toString() });
    }
    try {
      await mintThroughMarket(this.ctx.deps.market, level, a, b);
    } catch (error) {
      if (isTransient(error)) throw error;
      log.error({ err: error, meetingId }, 'meeting mint failed');
      const tell = await this.mintFailed(db, row.id, technicalReason(error));
      await tell?.();
      return;
    }
    await this.ctx.deps.afterMintSent?.(meetingId);
    const found = await findGeneratedMint(chain, fromBlock, level, a, b);
    if (!found) throw new Error(`meeting ${meetingId}: the mint is not in the token's logs`);
    await this.recordMint(row, found, chain.keys.hot.address, chain.contracts.market);
  }

  /**
   * A mint given up for a technical reason (the chain refused it, or the job's last attempt
   * failed): the meeting becomes `mint_failed` with the reason, which leaves the pair free to
   * mint together again. Answers what tells both members, to run after the commit.
   */
  async mintFailed(
    db: DbExecutor,
    meetingId: number,
    reason: string,
  ): Promise<(() => Promise<void>) | undefined> {
    const current = await repo.lock(db, meetingId);
    if (!current || current.outcome !== 'minting') return undefined;
    const failed = await repo.update(db, meetingId, {
      outcome: 'mint_failed',
      mintError: reason.slice(0, MINT_ERROR_MAX),
    });
    if (!failed) return undefined;
    return async () => {
      await this.notices.pushUpdate(failed);
      await this.notices.notify(failed, 'meetings.mint-failed', {});
    };
  }

  private async recordMint(
    row: MeetingRow,
    mint: GeneratedMint,
    hot: Address,
    market: Address | null,
  ): Promise<void> {
    const level = row.level as NftType;
    const recorded = await this.ctx.deps.db.transaction(async (tx) => {
      const current = await repo.lock(tx, row.id);
      if (!current || current.outcome !== 'minting') return null;
      const updated = await repo.update(tx, row.id, {
        outcome: 'minted',
        tokenId: mint.tokenId.toString(),
        mintHash: mint.hash,
        mintError: null,
      });
      const generated = [];
      for (const userId of [row.userA, row.userB]) {
        generated.push(
          await ledger.recordGenerated(txOf(tx), {
            userId,
            key: `meeting:${row.id}:generate`,
            hash: mint.hash,
            blockNumber: mint.blockNumber,
            fromAddress: hot,
            toAddress: market ?? hot,
          }),
        );
      }
      await this.emitMinted(tx, row, level, mint.tokenId);
      return { updated, generated };
    });
    if (!recorded?.updated) return;
    for (const tx of recorded.generated) {
      this.ctx.deps.io
        .to(userRoom(tx.userId))
        .emit('wallet', { transactionId: tx.id, type: tx.type, status: tx.status });
    }
    await this.notices.pushUpdate(recorded.updated);
    await this.notices.notify(recorded.updated, 'meetings.minted', {
      token: tokenName(level, mint.tokenId.toString()),
    });
  }

  /** Inside the mint's transaction: each member's first meeting, and the mint itself. */
  private async emitMinted(
    tx: DbExecutor,
    row: MeetingRow,
    level: NftType,
    tokenId: bigint,
  ): Promise<void> {
    const { events } = this.ctx.deps;
    const pair = [row.userA, row.userB] as const;
    for (const [i, userId] of pair.entries()) {
      if ((await repo.mintedCount(tx, userId)) === 1) {
        await events.emitFirstMeet(txOf(tx), {
          userId,
          partnerId: pair[1 - i]!,
          meetingId: row.id,
          level,
          tokenId,
        });
      }
    }
    await events.emitMinted(txOf(tx), { meetingId: row.id, userIds: pair, level, tokenId });
  }

  /** Mints left `minting` by a crash (the job queue retries too; this is the start-up pass). */
  async recoverMints(): Promise<void> {
    for (const row of await repo.minting(this.ctx.deps.db)) {
      await this.mintMeeting(row.id).catch((error: unknown) =>
        this.ctx.deps.log.warn({ err: error, meetingId: row.id }, 'meeting mint recovery failed'),
      );
    }
  }
}
