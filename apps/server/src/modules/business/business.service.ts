import type { FastifyBaseLogger } from 'fastify';
import {
  type Business,
  type BusinessApply,
  type BusinessModerateRequest,
  type BusinessModerationDetail,
  type BusinessModerationList,
  type BusinessModerationListQuery,
  type MyBusiness,
  type OwnSpot,
  type SpotValues,
  type SpotList,
  type VisitedSpots,
} from '@meeet/core/api/business';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { MediaAlbum, ReferralLevel } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { mayApply, mayDecide } from '@meeet/core/rules/business-status';
import { groundDistanceM } from '@meeet/core/rules/plausible-move';
import type { Database, DbExecutor } from '../../db/client.ts';
import { executorOf, txOf, type Tx } from '../../plugins/db.ts';
import type { MailService } from '../mail/mail.service.ts';
import { isOwnMediaOfAlbum } from '../media/media.service.ts';
import type { MeetingCompleted } from '../meetings/meetings-events.ts';
import type { ReferralService } from '../referral/referral.service.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userById, usersByIds } from '../users/users.service.ts';
import { toBusiness, toModerationItem, toOwnSpot, toSpot } from './business-views.ts';
import { businessRepository as repo } from './business.repository.ts';
import type { BusinessRow } from './business.schema.ts';

/** An approved business as other modules see it (the campaigns' targeting area). */
export interface ApprovedBusiness {
  id: number;
  name: string;
  /** The venue's position; null for a brand without a place. */
  venue: { lat: number; lon: number } | null;
}

export interface BusinessServiceDeps {
  db: Database;
  mail: MailService;
  referral: Pick<ReferralService, 'setLevel'>;
  log: FastifyBaseLogger;
}

/** Both phones within this many metres of a spot: the meeting was held there. */
export const SPOT_REACH_M = 100;
const NEARBY_MAX = 200;
const VISITED_MAX = 100;
const KM_PER_DEGREE = 111.32;

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/** Business accounts: applying, review, the venue's meeting spots (issue 44). */
export class BusinessService {
  constructor(private readonly deps: BusinessServiceDeps) {}

  /** The user's business when it is approved; null otherwise (none, waiting, refused, suspended). */
  async approvedBusinessOf(userId: number): Promise<ApprovedBusiness | null> {
    const row = await repo.findByOwner(this.deps.db, userId);
    if (row?.status !== 'approved') return null;
    return { id: row.id, name: row.legalName, venue: toBusiness(row, []).venue };
  }

  /** The caller's own business (only its owner ever reads it here). */
  async mine(auth: AuthContext): Promise<MyBusiness> {
    const row = await repo.findByOwner(this.deps.db, auth.user.id);
    return { business: row ? await this.view(this.deps.db, row) : null };
  }

  /** Applies, or re-applies after "needs more" or a refusal; the application waits for review. */
  async apply(auth: AuthContext, input: BusinessApply): Promise<Business> {
    const { user } = auth;
    if (!user.emailVerified) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'business.email-not-verified' });
    }
    const { db } = this.deps;
    if (input.logoMediaId) await this.checkImage(db, user.id, input.logoMediaId, 'logoMediaId');
    return db.transaction(async (tx) => {
      const current = await repo.lock(tx, { ownerId: user.id });
      const from = current?.status ?? null;
      if (!mayApply(from)) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'business.cannot-apply',
          params: { status: from ?? '—' },
        });
      }
      const { venue, ...details } = input;
      const row = await repo.upsertApplication(tx, {
        ...details,
        ownerId: user.id,
        venueLat: venue?.lat ?? null,
        venueLon: venue?.lon ?? null,
      });
      await repo.addDecision(tx, {
        businessId: row.id,
        fromStatus: from,
        toStatus: 'pending',
        actorId: user.id,
        reason: null,
      });
      return this.view(tx, row);
    });
  }

  /** The control area's queue (moderators and admins; the route checks the role). */
  async list(query: BusinessModerationListQuery): Promise<BusinessModerationList> {
    const { db } = this.deps;
    const { rows, total } = await repo.list(db, query);
    const history = await repo.history(
      db,
      rows.map((row) => row.id),
    );
    const owners = new Map(
      (
        await usersByIds(
          txOf(db),
          rows.map((row) => row.ownerId),
        )
      ).map((u) => [u.id, u.email]),
    );
    return {
      offset: query.offset,
      limit: query.limit,
      total,
      list: rows.map((row) => toModerationItem(row, history, owners.get(row.ownerId) ?? '')),
    };
  }

  async detail(id: number): Promise<BusinessModerationDetail> {
    const { db } = this.deps;
    const row = await repo.find(db, id);
    if (!row) throw notFound();
    return this.detailOf(db, row);
  }

  /**
   * A moderator's decision: approve (the owner's referral level becomes Business), ask for
   * more, refuse, suspend (back to Human) or reinstate. The reason is mailed to the owner in
   * their language, queued with the decision so both commit together.
   */
  async decide(
    auth: AuthContext,
    id: number,
    body: BusinessModerateRequest,
  ): Promise<BusinessModerationDetail> {
    const { db, mail, referral } = this.deps;
    const result = await db.transaction(async (tx) => {
      const current = await repo.lock(tx, { id });
      if (!current) throw notFound();
      if (!mayDecide(current.status, body.status)) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'business.cannot-decide',
          params: { from: current.status, to: body.status },
        });
      }
      const row = await repo.decide(tx, id, {
        status: body.status,
        reason: body.reason,
        decidedBy: auth.user.id,
      });
      await repo.addDecision(tx, {
        businessId: id,
        fromStatus: current.status,
        toStatus: body.status,
        actorId: auth.user.id,
        reason: body.reason,
      });
      if (body.status === 'approved' || body.status === 'suspended') {
        const level = body.status === 'approved' ? ReferralLevel.BUSINESS : ReferralLevel.HUMAN;
        await referral.setLevel(txOf(tx), row.ownerId, level);
      }
      const owner = await userById(txOf(tx), row.ownerId);
      const mailJob = owner
        ? await mail.enqueue(txOf(tx), {
            to: owner.email,
            locale: owner.locale as Locale,
            template: { kind: 'business-decision', status: body.status, reason: body.reason },
          })
        : null;
      return { row, mailJob };
    });
    if (result.mailJob !== null) await mail.flush(result.mailJob);
    return this.detailOf(db, result.row);
  }

  // ---- meeting spots ----

  async mySpots(auth: AuthContext): Promise<{ spots: OwnSpot[] }> {
    const business = await this.venueOf(this.deps.db, auth.user.id, false);
    const rows = business ? await repo.spotsOf(this.deps.db, business.id) : [];
    return { spots: rows.map(toOwnSpot) };
  }

  async createSpot(auth: AuthContext, input: SpotValues): Promise<OwnSpot> {
    const { db } = this.deps;
    const business = await this.venueOf(db, auth.user.id, true);
    const values = await this.spotValues(db, auth.user.id, input);
    return toOwnSpot({ ...(await repo.insertSpot(db, business.id, values)), n: 0 });
  }

  /** Another business's spot is "not found": nobody learns which spots exist. */
  async updateSpot(auth: AuthContext, spotId: number, input: SpotValues): Promise<OwnSpot> {
    const { db } = this.deps;
    const business = await this.venueOf(db, auth.user.id, true);
    const values = await this.spotValues(db, auth.user.id, input);
    const row = await repo.updateSpot(db, business.id, spotId, values);
    if (!row) throw notFound();
    const counted = (await repo.spotsOf(db, business.id)).find((spot) => spot.id === row.id);
    return toOwnSpot(counted ?? { ...row, n: 0 });
  }

  async deleteSpot(auth: AuthContext, spotId: number): Promise<void> {
    const { db } = this.deps;
    const business = await this.venueOf(db, auth.user.id, false);
    if (!business || !(await repo.deleteSpot(db, business.id, spotId))) throw notFound();
  }

  /** Spots of approved venues within `radiusKm` of a point, nearest first (the app's map). */
  nearby(query: { lat: number; lon: number; radiusKm: number }): Promise<SpotList> {
    return this.spotsWithin(this.deps.db, query);
  }

  private async spotsWithin(
    db: DbExecutor,
    query: { lat: number; lon: number; radiusKm: number },
  ): Promise<SpotList> {
    const dLat = query.radiusKm / KM_PER_DEGREE;
    const cos = Math.max(Math.cos((query.lat * Math.PI) / 180), 0.01);
    const dLon = Math.min(query.radiusKm / (KM_PER_DEGREE * cos), 180);
    const rows = await repo.spotsInBox(
      db,
      {
        minLat: query.lat - dLat,
        maxLat: query.lat + dLat,
        minLon: query.lon - dLon,
        maxLon: query.lon + dLon,
      },
      NEARBY_MAX,
    );
    const here = { lat: query.lat, lon: query.lon };
    const within = rows
      .map((row) => ({ row, m: groundDistanceM(here, row) }))
      .filter(({ m }) => m <= query.radiusKm * 1000)
      .sort((a, b) => a.m - b.m);
    return { spots: within.map(({ row }) => toSpot(row)) };
  }

  /** The caller's meetings held at a spot: their history shows the place. */
  async visited(auth: AuthContext): Promise<VisitedSpots> {
    const rows = await repo.visited(this.deps.db, auth.user.id, VISITED_MAX);
    return { meetings: rows.map((row) => ({ meetingId: row.meetingId, spot: toSpot(row.spot) })) };
  }

  /** The spot of an approved venue within reach of every position, nearest first; or null. */
  async spotNear(
    db: DbExecutor,
    positions: readonly { lat: number; lon: number }[],
  ): Promise<{ id: number } | null> {
    const [first] = positions;
    if (!first) return null;
    const reachKm = SPOT_REACH_M / 1000;
    const { spots } = await this.spotsWithin(db, { ...first, radiusKm: reachKm * 2 });
    return (
      spots.find((spot) => positions.every((p) => groundDistanceM(p, spot) <= SPOT_REACH_M)) ?? null
    );
  }

  /** The meetings service's completed meeting: attributed to a spot both phones were at. */
  async onMeetingCompleted(unit: Tx, event: MeetingCompleted): Promise<void> {
    if (event.positions.length < 2) return;
    const tx = executorOf(unit);
    const spot = await this.spotNear(tx, event.positions);
    if (!spot) return;
    const [userA, userB] = event.userIds;
    await repo.attribute(tx, { meetingId: event.meetingId, spotId: spot.id, userA, userB });
  }

  // ---- helpers ----

  private async view(db: DbExecutor, row: BusinessRow): Promise<Business> {
    return toBusiness(row, await repo.history(db, [row.id]));
  }

  private async detailOf(db: DbExecutor, row: BusinessRow): Promise<BusinessModerationDetail> {
    const [history, owner, spots] = [
      await repo.history(db, [row.id]),
      await userById(txOf(db), row.ownerId),
      await repo.spotsOf(db, row.id),
    ];
    return { ...toModerationItem(row, history, owner?.email ?? ''), spots: spots.map(toOwnSpot) };
  }

  /** The caller's business, approved and with a venue; `required`: refuse otherwise. */
  private async venueOf(db: DbExecutor, ownerId: number, required: true): Promise<BusinessRow>;
  private async venueOf(
    db: DbExecutor,
    ownerId: number,
    required: false,
  ): Promise<BusinessRow | undefined>;
  private async venueOf(db: DbExecutor, ownerId: number, required: boolean) {
    const row = await repo.findByOwner(db, ownerId);
    if (row?.status !== 'approved') {
      if (!required) return undefined;
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'business.not-approved' });
    }
    if (row.venueLat === null) {
      if (!required) return undefined;
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'business.not-a-venue' });
    }
    return row;
  }

  private async spotValues(db: DbExecutor, ownerId: number, input: SpotValues) {
    if (input.photoMediaId) await this.checkImage(db, ownerId, input.photoMediaId, 'photoMediaId');
    return input;
  }

  private async checkImage(db: DbExecutor, ownerId: number, id: string, field: string) {
    if (!(await isOwnMediaOfAlbum(txOf(db), id, ownerId, MediaAlbum.BUSINESS))) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, {
        messageKey: 'business.bad-image',
        fields: { [field]: 'business.bad-image' },
      });
    }
  }
}
