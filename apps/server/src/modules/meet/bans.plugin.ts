import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { executorOf, type Tx } from '../../plugins/db.ts';
import type { SessionsService } from '../users/sessions.service.ts';
import { meetRepository } from './meet.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account bans (the meet module's `meet_bans`), for the staff tools and the map. */
    bans: AccountBans;
  }
}

/**
 * A ban keeps a user out of everything: sign-in is refused (the meet routes' sign-in check),
 * their sessions and sockets end, their hand drops. Writes run on the caller's transaction;
 * `enforce` runs after it commits.
 */
export class AccountBans {
  private readonly listeners = new Set<(userId: number) => Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
  ) {}

  /** Hears of a committed ban (the map drops the user's hand). */
  onBanned(listener: (userId: number) => Promise<unknown>): void {
    this.listeners.add(listener);
  }

  isBanned(userId: number): Promise<boolean> {
    return meetRepository.isBanned(this.db, userId);
  }

  bannedAmong(userIds: readonly number[]): Promise<Set<number>> {
    return meetRepository.bannedAmong(this.db, userIds);
  }

  /** Whether a ban was written (false: banned already). Call `enforce` after the commit. */
  ban(tx: Tx, userId: number, bannedBy: number): Promise<boolean> {
    return meetRepository.ban(executorOf(tx), userId, null, bannedBy);
  }

  /** Whether a ban was lifted (false: there was none). The user may sign in again. */
  unban(tx: Tx, userId: number): Promise<boolean> {
    return meetRepository.unban(executorOf(tx), userId);
  }

  /** After a ban commits: every session ends (sockets disconnect), listeners run. */
  async enforce(userId: number): Promise<void> {
    await this.sessions.revokeAllForUser(userId);
    for (const listener of this.listeners) await listener(userId);
  }
}

async function bans(app: FastifyInstance): Promise<void> {
  app.decorate('bans', new AccountBans(app.db, app.sessions));
}

export const bansPlugin = fp(bans, { name: 'bans', dependencies: ['auth'] });
