import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { ChatMessage, Conversation, MessagePage, PublicCard } from '@meeet/core/api/meet';
import { scamFlags } from '@meeet/core/rules/scam-warning';
import { LRUCache } from 'lru-cache';
import type { MeetConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext, SessionCaller, SessionsService } from '../users/sessions.service.ts';
import type { UserFacts } from '../users/users.service.ts';
import { toChatMessage } from './chat-message.ts';
import type { MapService } from './map.service.ts';
import { meetRepository } from './meet.repository.ts';
import type { MeetMessageRow } from './meet.schema.ts';
import type { SafetyService } from './safety.service.ts';

/** One try at sending a message: who to whom, what, and how many tries came before. */
interface SendAttempt {
  caller: SessionCaller;
  otherId: number;
  input: { clientId: string; text: string };
  retries: number;
}

/** What the send statement found when it stored nothing. */
type SendFacts = Extract<
  Awaited<ReturnType<typeof meetRepository.sendMessage>>,
  { facts: unknown }
>['facts'];

export interface ChatEvents {
  message(userIds: readonly number[], message: ChatMessage): void;
  read(
    userIds: readonly number[],
    payload: { conversationId: number; userId: number; readId: number },
  ): void;
  typing(to: number, from: number): void;
}

export interface ChatServiceDeps {
  db: Database;
  config: MeetConfig;
  sessions: SessionsService;
  safety: SafetyService;
  map: MapService;
  card: (user: UserFacts) => Promise<PublicCard>;
  events: ChatEvents;
  /** Tells a recipient whose app is closed (push notifications); it decides who is. */
  push?: { messageStored(recipientId: number, message: ChatMessage): void };
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND);
}

/**
 * One conversation per pair, messages in PostgreSQL acknowledged only once stored, a read
 * cursor per member, and the limits on who may start a conversation and how fast one writes.
 */
export class ChatService {
  /** Pairs known to have a conversation (it is never deleted while both users exist). */
  private readonly knownPairs = new LRUCache<string, true>({ max: 50_000 });

  constructor(private readonly deps: ChatServiceDeps) {}

  /** The other user, if the caller may see them at all (exists, not blocked either way). */
  private async other(auth: AuthContext, otherId: number): Promise<UserFacts> {
    if (otherId === auth.user.id) {
      throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'meet.cannot-target-self' });
    }
    const other = await this.deps.sessions.userOf(otherId);
    if (!other) throw notFound();
    if (await this.deps.safety.blockedEitherWay(auth.user.id, otherId)) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.blocked' });
    }
    return other;
  }

  /**
   * Sends a message as the caller, whose session the storing statement itself checks (one
   * round trip: under load each one waits a pool connection and a turn of the event loop).
   * A session revoked or gone answers TOKEN_INVALID and stores nothing.
   */
  send(
    caller: SessionCaller,
    otherId: number,
    input: { clientId: string; text: string },
  ): Promise<ChatMessage> {
    return this.sendOnce(caller, otherId, input, 0);
  }

  private async sendOnce(
    caller: SessionCaller,
    otherId: number,
    input: { clientId: string; text: string },
    /** Tries before this one: a race lost (a resend, the partner's start) is tried again. */
    retries: number,
  ): Promise<ChatMessage> {
    if (retries > 2) throw new Error('send: raced three times');
    const me = caller.userId;
    await this.assertMaySend(caller, otherId);
    // Checks and store in one round trip: under load each query waits for a pool connection
    // and a turn of the event loop, and ten in a row made a message take seconds.
    const flags = scamFlags(input.text);
    const { chatPerMinute, newConversationsPerHour } = this.deps.config;
    const now = Date.now();
    // Whether a conversation may start is asked before the statement, so a first message is
    // one statement too; a pair known to have one skips the question (a store call with Redis).
    const pair = pairKey(me, otherId);
    const mayStart = this.knownPairs.has(pair)
      ? false
      : await this.deps.map.sawRecently(me, otherId);
    const sent = await meetRepository.sendMessage(this.deps.db, {
      session: caller,
      otherId,
      clientId: input.clientId,
      text: input.text,
      flags,
      minuteAgo: new Date(now - 60_000),
      hourAgo: new Date(now - 3600_000),
      perMinute: chatPerMinute,
      mayStart,
      perHour: newConversationsPerHour,
    });
    if (sent === 'gone') throw notFound();
    // Someone was quicker (this message resent at once): its checks run again on what is
    // stored by then.
    if (sent === 'resent') return this.sendOnce(caller, otherId, input, retries + 1);
    const { facts, stored } = sent;
    if (facts.session === 'gone') throw new AppError(ErrorCode.TOKEN_INVALID);
    if (facts.session === 'unfingerprinted') {
      // A session's first fingerprint is recorded first (`SessionsService.authenticateClaims`);
      // the message is then sent again on the session as that leaves it.
      await this.liveSession(caller);
      return this.sendOnce(caller, otherId, input, retries + 1);
    }
    if (facts.sessionSeenAt) this.deps.sessions.seen(caller.sessionId, facts.sessionSeenAt);
    if (stored) {
      this.knownPairs.set(pair, true);
      return this.delivered(me, otherId, stored);
    }
    return this.unstored({ caller, otherId, input, retries }, { facts, pair, mayStart });
  }

  /** Refuses a message to oneself, or across a block either way. */
  private async assertMaySend(caller: SessionCaller, otherId: number): Promise<void> {
    const me = caller.userId;
    if (otherId === me) {
      throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'meet.cannot-target-self' });
    }
    // Blocks are cached per user after the first read, so this rarely waits.
    await this.deps.safety.prepare(me);
    if (this.deps.safety.isBlocked(me, otherId)) {
      // Who blocked whom is told only to a live session (the statement is not run).
      await this.liveSession(caller);
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.blocked' });
    }
  }

  /** The statement stored nothing: the refusal its facts give, a resend's answer, or a retry. */
  private async unstored(
    attempt: SendAttempt,
    { facts, pair, mayStart }: { facts: SendFacts; pair: string; mayStart: boolean },
  ): Promise<ChatMessage> {
    const { caller, otherId, input, retries } = attempt;
    const me = caller.userId;
    const { chatPerMinute, newConversationsPerHour } = this.deps.config;
    if (facts.banned) throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.banned' });
    if (facts.resentId !== null) return this.resendOf(facts.resentId, otherId, input.text);
    if (facts.sentLastMinute >= chatPerMinute) {
      throw new AppError(ErrorCode.RATE_LIMITED, {
        messageKey: 'meet.chat-rate-limited',
        params: { max: chatPerMinute },
        retryAfterSeconds: 60,
      });
    }
    if (facts.conversationId !== null) {
      // A concurrent resend stored it between the read and the insert: answer with that.
      const row = await meetRepository.findByClientId(this.deps.db, me, input.clientId);
      if (!row) throw new Error('message vanished');
      return this.resend(row, otherId, input.text);
    }

    if (!mayStart) {
      // The pair was known to have a conversation that is gone now: ask, and try once more.
      if (this.knownPairs.has(pair)) {
        this.knownPairs.delete(pair);
        return this.sendOnce(caller, otherId, input, retries + 1);
      }
      // A new conversation: the partner must have been seen lately (so exist).
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'meet.chat-not-allowed' });
    }
    if (facts.startedLastHour >= newConversationsPerHour) {
      throw new AppError(ErrorCode.RATE_LIMITED, {
        messageKey: 'meet.new-conversations-limited',
        params: { max: newConversationsPerHour },
        retryAfterSeconds: 3600,
      });
    }
    // The partner started it between the checks and the insert: sent as into any conversation
    // now, its checks run again on what is stored by then.
    return this.sendOnce(caller, otherId, input, retries + 1);
  }

  /** The full session check of any other route (device check included); 401 if it fails. */
  private async liveSession(caller: SessionCaller): Promise<void> {
    if (!(await this.deps.sessions.authenticateClaims(caller, caller.fingerprint))) {
      throw new AppError(ErrorCode.TOKEN_INVALID);
    }
  }

  /** A stored message goes to every device of both users. */
  private async delivered(me: number, otherId: number, row: MeetMessageRow): Promise<ChatMessage> {
    const message = toChatMessage(row);
    this.deps.events.message([me, otherId], message);
    this.deps.push?.messageStored(otherId, message);
    if (message.flags.length > 0) await this.deps.safety.scamFlagged(me);
    return message;
  }

  private async resendOf(messageId: number, otherId: number, text: string): Promise<ChatMessage> {
    const row = await meetRepository.findMessage(this.deps.db, messageId);
    if (!row) throw new Error('message vanished');
    return this.resend(row, otherId, text);
  }

  private async resend(row: MeetMessageRow, otherId: number, text: string): Promise<ChatMessage> {
    const conversation = await meetRepository.findConversationById(
      this.deps.db,
      row.conversationId,
    );
    const samePair =
      conversation && (conversation.userA === otherId || conversation.userB === otherId);
    if (!samePair || row.text !== text) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'meet.client-id-reused' });
    }
    return toChatMessage(row);
  }

  async conversations(auth: AuthContext): Promise<{ list: Conversation[] }> {
    const me = auth.user.id;
    await this.deps.safety.prepare(me);
    const rows = await meetRepository.conversations(this.deps.db, me);
    const list: Conversation[] = [];
    for (const row of rows) {
      if (this.deps.safety.isBlocked(me, row.otherId)) continue;
      const other = await this.deps.sessions.userOf(row.otherId);
      if (!other) continue;
      list.push({
        id: row.conversation.id,
        other: await this.deps.card(other),
        lastMessage: row.lastMessage ? toChatMessage(row.lastMessage) : null,
        unread: row.unread,
        otherReadId: row.otherReadId,
      });
    }
    return { list };
  }

  async messages(
    auth: AuthContext,
    otherId: number,
    query: { before?: number | undefined; limit: number },
  ): Promise<MessagePage> {
    await this.other(auth, otherId);
    const conversation = await meetRepository.findConversation(this.deps.db, auth.user.id, otherId);
    if (!conversation) return { list: [], nextBefore: null, otherReadId: null };
    const rows = await meetRepository.messages(
      this.deps.db,
      conversation.id,
      query.before,
      query.limit + 1,
    );
    const more = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    return {
      list: page.map(toChatMessage),
      nextBefore: more ? (page.at(-1)?.id ?? null) : null,
      otherReadId: await meetRepository.readCursor(this.deps.db, conversation.id, otherId),
    };
  }

  async markRead(
    auth: AuthContext,
    otherId: number,
    messageId: number,
  ): Promise<{ readId: number | null }> {
    await this.other(auth, otherId);
    const conversation = await meetRepository.findConversation(this.deps.db, auth.user.id, otherId);
    const message = await meetRepository.findMessage(this.deps.db, messageId);
    if (!conversation || message?.conversationId !== conversation.id) throw notFound();
    const readId = await meetRepository.advanceRead(
      this.deps.db,
      conversation.id,
      auth.user.id,
      messageId,
    );
    if (readId !== null) {
      this.deps.events.read([auth.user.id, otherId], {
        conversationId: conversation.id,
        userId: auth.user.id,
        readId,
      });
    }
    return { readId };
  }

  async typing(auth: AuthContext, otherId: number): Promise<void> {
    await this.other(auth, otherId);
    if (!(await meetRepository.findConversation(this.deps.db, auth.user.id, otherId))) {
      if (!(await this.deps.map.sawRecently(auth.user.id, otherId))) throw notFound();
    }
    this.deps.events.typing(otherId, auth.user.id);
  }
}
