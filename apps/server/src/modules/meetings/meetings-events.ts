import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NftType } from '@meeet/core/enums';
import type { Tx } from '../../plugins/db.ts';

/**
 * The `first_meet` reward action (spec §3): a user's first meeting that minted a token. It is
 * emitted once per user, for each of the two generators, inside the transaction that records
 * the mint, so what a listener writes (a referral reward, a CPA postback job) commits with it,
 * exactly once. A refused meeting (same device, no shared level…) never counts: affiliates are
 * paid for real meetings only.
 */
export interface FirstMeet {
  userId: number;
  partnerId: number;
  meetingId: number;
  level: NftType;
  tokenId: bigint;
}

/** Any minted meeting (referral statistics may count these). */
export interface MeetingMinted {
  meetingId: number;
  userIds: readonly [number, number];
  level: NftType;
  tokenId: bigint;
}

/**
 * A meeting the detector completed (minting or refused by the rules), with the two phones'
 * last fixes: a business spot within reach of both hosted it (issue 44).
 */
export interface MeetingCompleted {
  meetingId: number;
  userIds: readonly [number, number];
  positions: readonly { lat: number; lon: number }[];
}

type Listener<E> = (tx: Tx, event: E) => Promise<void>;

/**
 * What other modules may hear from meetings. Subscribe at registration:
 * `app.meetingEvents.onFirstMeet(async (tx, e) => …)`.
 */
export class MeetingEvents {
  private readonly firstMeet: Listener<FirstMeet>[] = [];
  private readonly minted: Listener<MeetingMinted>[] = [];
  private readonly completed: Listener<MeetingCompleted>[] = [];

  onFirstMeet(listener: Listener<FirstMeet>): void {
    this.firstMeet.push(listener);
  }

  onMinted(listener: Listener<MeetingMinted>): void {
    this.minted.push(listener);
  }

  onCompleted(listener: Listener<MeetingCompleted>): void {
    this.completed.push(listener);
  }

  async emitCompleted(tx: Tx, event: MeetingCompleted): Promise<void> {
    for (const listener of this.completed) await listener(tx, event);
  }

  async emitFirstMeet(tx: Tx, event: FirstMeet): Promise<void> {
    for (const listener of this.firstMeet) await listener(tx, event);
  }

  async emitMinted(tx: Tx, event: MeetingMinted): Promise<void> {
    for (const listener of this.minted) await listener(tx, event);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    meetingEvents: MeetingEvents;
  }
}

async function meetingEvents(app: FastifyInstance): Promise<void> {
  app.decorate('meetingEvents', new MeetingEvents());
}

export const meetingEventsPlugin = fp(meetingEvents, { name: 'meeting-events' });
