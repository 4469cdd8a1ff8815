import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { groundDistanceM, isPlausibleMove, type TimedFix } from '@meeet/core/rules/plausible-move';
import type { LatLon } from './coarse-position.ts';

/**
 * Where each user is, as far as the map believes them (issue 39 items 2 and 6): the anchor is
 * their last accepted position, or, before any, the centre of their first watch (a claim of
 * where they are). Positions must be plausible moves from the last position (the speed rule of
 * @meeet/core/rules/plausible-move, the meetings' too); a first position replaces a claim.
 * Watches must be centred near the anchor, so an account cannot look at the map anywhere in
 * the world, nor move its look faster than a car. Pure, in memory, per process: a socket's
 * watches and positions reach the same process.
 */

/** A watch may be centred this far from where the watcher is (metres): a city district. */
export const WATCH_REACH_M = 5000;
/**
 * A phone whose positions keep agreeing with each other, away from its anchor, for this long is
 * believed there (its earlier fix was wrong, or it flew): the jump is quarantined, not refused
 * forever.
 */
export const QUARANTINE_MS = 120_000;
/** Anchors not renewed for this long are forgotten (their allowance spans a continent anyway). */
const ANCHOR_TTL_MS = 24 * 3600 * 1000;

interface Anchor {
  fix: TimedFix;
  /** A watch's centre, not a position: the first position replaces it unjudged. */
  claimed: boolean;
  /** Set while refused positions agree with each other: the first one's time and the last. */
  quarantinedSince: number;
  quarantined: TimedFix | null;
}

export class Whereabouts {
  private readonly anchors = new Map<number, Anchor>();

  constructor(private readonly maxSpeedMps: number) {}

  /**
   * Refuses a position no phone could reach from the user's anchor (`POSITION_IMPLAUSIBLE`),
   * unless it and those before it have agreed away from the anchor for `QUARANTINE_MS`.
   * Nothing is recorded for an accepted one until `took` (the hand may be down).
   */
  check(userId: number, fix: TimedFix): void {
    const anchor = this.anchors.get(userId);
    if (!anchor || anchor.claimed || isPlausibleMove(anchor.fix, fix, this.maxSpeedMps)) return;
    const { quarantined } = anchor;
    if (quarantined && isPlausibleMove(quarantined, fix, this.maxSpeedMps)) {
      anchor.quarantined = fix;
      if (fix.at - anchor.quarantinedSince >= QUARANTINE_MS) return;
    } else {
      anchor.quarantined = fix;
      anchor.quarantinedSince = fix.at;
    }
    throw new AppError(ErrorCode.POSITION_IMPLAUSIBLE, {
      messageKey: 'meet.position-implausible',
      params: { distance: Math.round(groundDistanceM(anchor.fix, fix)) },
    });
  }

  /** An accepted position: the user's anchor from now on (kept in place: one a second each). */
  took(userId: number, fix: TimedFix): void {
    const anchor = this.anchors.get(userId);
    if (!anchor) {
      this.anchors.set(userId, { fix, claimed: false, quarantined: null, quarantinedSince: 0 });
      return;
    }
    anchor.fix = fix;
    anchor.claimed = false;
    anchor.quarantined = null;
  }

  /**
   * Refuses a watch centred beyond `WATCH_REACH_M` of where the user could be now
   * (`WATCH_OUT_OF_REACH`). The first watch of a user with no anchor is their claim of where
   * they are: later watches are judged from it, and it moves only at the speed rule's pace.
   */
  checkWatch(userId: number, centre: LatLon, now: number): void {
    const watched: TimedFix = {
      lat: centre.lat,
      lon: centre.lon,
      accuracy: WATCH_REACH_M,
      at: now,
    };
    const anchor = this.anchors.get(userId);
    if (!anchor) {
      this.anchors.set(userId, {
        fix: { ...watched, accuracy: 0 },
        claimed: true,
        quarantined: null,
        quarantinedSince: 0,
      });
      return;
    }
    if (isPlausibleMove(anchor.fix, watched, this.maxSpeedMps)) return;
    throw new AppError(ErrorCode.WATCH_OUT_OF_REACH, {
      messageKey: 'meet.watch-too-far',
      params: { max: WATCH_REACH_M / 1000 },
    });
  }

  /** Forgets anchors not renewed for a day. */
  prune(now: number): void {
    for (const [userId, anchor] of this.anchors) {
      if (now - anchor.fix.at > ANCHOR_TTL_MS) this.anchors.delete(userId);
    }
  }
}
