import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  ReportReason,
  ReportStatus,
  type BlockList,
  type ChatMessage,
  type Report,
  type ReportDecision,
  type ReportRequest,
} from '@meeet/core/api/meet';
import { HandDropReason, type NotificationPayload } from '@meeet/core/api/realtime';
import { translate } from '@meeet/core/i18n/translate';
import type { Database } from '../../db/client.ts';
import { executorOf, type Tx, txOf } from '../../plugins/db.ts';
import type { AuthContext, SessionsService } from '../users/sessions.service.ts';
import { usersByIds } from '../users/users.service.ts';
import { toChatMessage } from './chat-message.ts';
import type { MapService } from './map.service.ts';
import { meetRepository } from './meet.repository.ts';
import { reportsRepository } from './reports.repository.ts';
import type { MeetReportRow } from './meet.schema.ts';

/** Messages of context a moderator sees with a report. */
const CONTEXT_MESSAGES = 20;
/** Scam-flagged messages from one sender in a day that put them in the queue. */
export const SCAM_FLAGS_PER_DAY = 3;

export interface SafetyServiceDeps {
  db: Database;
  sessions: SessionsService;
  notify: (userId: number, payload: NotificationPayload) => void;
  map: () => MapService;
}

function selfRefused(): AppError {
  return new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'meet.cannot-target-self' });
}

/** A report's own fields, as moderators and the staff user page read them. */
function plainReport(row: MeetReportRow) {
  return {
    id: row.id,
    reporterId: row.reporterId,
    reportedUserId: row.reportedUserId,
    reason: row.reason as ReportReason,
    text: row.text,
    status: row.status as ReportStatus,
    moderatorComment: row.moderatorComment,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Blocks, reports and their moderation. Blocks are cached per user in memory once read, since
 * the map asks about them for every entry it shows.
 */
export class SafetyService {
  private readonly blocks = new Map<number, Set<number>>();
  private readonly loading = new Map<number, Promise<void>>();

  constructor(private readonly deps: SafetyServiceDeps) {}

  async prepare(userId: number): Promise<void> {
    if (this.blocks.has(userId)) return;
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = meetRepository.blockedEitherWay(this.deps.db, userId).then((ids) => {
        this.blocks.set(userId, new Set(ids));
        this.loading.delete(userId);
      });
      this.loading.set(userId, pending);
    }
    await pending;
  }

  /** Either way; `a`'s blocks must have been prepared. */
  isBlocked(a: number, b: number): boolean {
    return this.blocks.get(a)?.has(b) ?? false;
  }

  /**
   * Reads again the blocks of those of the users that are cached (a block changed here or in
   * another process), swapping each set only once read, so the map never sees a moment
   * without anyone's blocks.
   */
  async reload(userIds: readonly number[]): Promise<void> {
    await Promise.all(
      userIds
        .filter((id) => this.blocks.has(id))
        .map(async (id) => {
          this.blocks.set(id, new Set(await meetRepository.blockedEitherWay(this.deps.db, id)));
        }),
    );
  }

  async blockedEitherWay(a: number, b: number): Promise<boolean> {
    await this.prepare(a);
    return this.isBlocked(a, b);
  }

  isBanned(userId: number): Promise<boolean> {
    return meetRepository.isBanned(this.deps.db, userId);
  }

  /** The people the caller blocked, with their names (the users service's). */
  async listBlocks(auth: AuthContext): Promise<BlockList> {
    const list = await meetRepository.blockedBy(this.deps.db, auth.user.id);
    const found = new Map(
      (await usersByIds(txOf(this.deps.db), list)).map((user) => [user.id, user]),
    );
    const people = list.map((userId) => {
      const user = found.get(userId);
      return {
        userId,
        nickname: user?.domain ?? null,
        firstName: user?.firstName ?? null,
        avatar: `/api/media/avatar/${userId}/small`,
      };
    });
    return { list, people };
  }

  async block(auth: AuthContext, otherId: number): Promise<BlockList> {
    if (otherId === auth.user.id) throw selfRefused();
    if (!(await this.deps.sessions.userOf(otherId))) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    await meetRepository.block(this.deps.db, auth.user.id, otherId);
    this.blocks.get(auth.user.id)?.add(otherId);
    this.blocks.get(otherId)?.add(auth.user.id);
    this.deps.map().blockChanged(auth.user.id, otherId);
    return this.listBlocks(auth);
  }

  async unblock(auth: AuthContext, otherId: number): Promise<BlockList> {
    await meetRepository.unblock(this.deps.db, auth.user.id, otherId);
    // The other may still block this user: read both cached users again rather than guess.
    await this.reload([auth.user.id, otherId]);
    this.deps.map().blockChanged(auth.user.id, otherId);
    return this.listBlocks(auth);
  }

  async report(auth: AuthContext, input: ReportRequest): Promise<{ id: number }> {
    if (input.userId === auth.user.id) throw selfRefused();
    if (!(await this.deps.sessions.userOf(input.userId))) {
      throw new AppError(ErrorCode.NOT_FOUND);
    }
    if (input.messageId !== undefined) {
      const message = await meetRepository.findMessage(this.deps.db, input.messageId);
      const conversation =
        message &&
        (await meetRepository.findConversationById(this.deps.db, message.conversationId));
      const inIt =
        conversation &&
        (conversation.userA === auth.user.id || conversation.userB === auth.user.id) &&
        message.senderId === input.userId;
      if (!inIt) throw new AppError(ErrorCode.NOT_FOUND);
    }
    const row = await meetRepository.insertReport(this.deps.db, {
      reporterId: auth.user.id,
      reportedUserId: input.userId,
      messageId: input.messageId ?? null,
      reason: input.reason,
      text: input.text ? input.text : null,
    });
    return { id: row.id };
  }

  /** After a flagged message: the third in a day files a system report (once a day). */
  async scamFlagged(senderId: number): Promise<void> {
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const flagged = await meetRepository.countFlaggedSince(this.deps.db, senderId, since);
    if (flagged < SCAM_FLAGS_PER_DAY) return;
    if (await meetRepository.hasOpenSystemReport(this.deps.db, senderId, since)) return;
    await meetRepository.insertReport(this.deps.db, {
      reporterId: null,
      reportedUserId: senderId,
      messageId: null,
      reason: ReportReason.SCAM,
      text: null,
    });
  }

  private async context(row: MeetReportRow): Promise<ChatMessage[]> {
    const db = this.deps.db;
    if (row.messageId !== null) {
      const message = await meetRepository.findMessage(db, row.messageId);
      if (!message) return [];
      const rows = await meetRepository.messagesUntil(
        db,
        message.conversationId,
        message.id,
        CONTEXT_MESSAGES,
      );
      return rows.map(toChatMessage);
    }
    if (row.reporterId !== null) {
      const conversation = await meetRepository.findConversation(
        db,
        row.reporterId,
        row.reportedUserId,
      );
      if (!conversation) return [];
      const rows = await meetRepository.messagesUntil(
        db,
        conversation.id,
        undefined,
        CONTEXT_MESSAGES,
      );
      return rows.map(toChatMessage);
    }
    const rows = await meetRepository.flaggedMessagesOf(db, row.reportedUserId, CONTEXT_MESSAGES);
    return rows.map(toChatMessage);
  }

  private async toReport(row: MeetReportRow): Promise<Report> {
    const { moderatorComment: _comment, ...report } = plainReport(row);
    return { ...report, messageId: row.messageId, context: await this.context(row) };
  }

  async listReports(query: { status: ReportStatus; offset: number; limit: number }) {
    const page = await meetRepository.reports(
      this.deps.db,
      query.status,
      query.offset,
      query.limit,
    );
    return {
      offset: query.offset,
      limit: query.limit,
      total: page.total,
      list: await Promise.all(page.list.map((row) => this.toReport(row))),
    };
  }

  async decide(moderator: AuthContext, id: number, decision: ReportDecision): Promise<Report> {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await meetRepository.lockReport(tx, id);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND);
      if (row.status !== ReportStatus.OPEN) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'meet.report-decided' });
      }
      const comment = decision.comment ?? null;
      if (decision.action === 'ban') {
        await meetRepository.ban(tx, row.reportedUserId, row.id, moderator.user.id);
        const open = await meetRepository.openReportIdsOf(tx, row.reportedUserId);
        await meetRepository.decideReports(
          tx,
          open,
          ReportStatus.BANNED,
          moderator.user.id,
          comment,
        );
      } else {
        const status = decision.action === 'warn' ? ReportStatus.WARNED : ReportStatus.DISMISSED;
        await meetRepository.decideReports(tx, [row.id], status, moderator.user.id, comment);
      }
      return (await meetRepository.lockReport(tx, id)) ?? row;
    });
    const userId = outcome.reportedUserId;
    if (decision.action === 'warn') {
      const user = await this.deps.sessions.userOf(userId);
      this.deps.notify(userId, {
        text: translate(user?.locale, 'meet.warning'),
        color: 'warning',
      });
    }
    if (decision.action === 'ban') {
      await this.deps.map().drop(userId, HandDropReason.BANNED);
      await this.deps.sessions.revokeAllForUser(userId);
    }
    return this.toReport(outcome);
  }
}

/** For the staff user page: the latest reports the user made and received, newest first. */
export async function reportsOfUser(tx: Tx, userId: number, limit: number) {
  const found = await reportsRepository.ofUser(executorOf(tx), userId, limit);
  return { made: found.made.map(plainReport), received: found.received.map(plainReport) };
}
