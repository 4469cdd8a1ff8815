import { describe, expect, it } from 'vitest';
import { businessSchema, ownSpotListSchema, visitedSpotsSchema } from '@meeet/core/api/business';
import { makeRole } from '../media/media.test-support.ts';
import { SPOT as MEETING_PLACE, meetingsOnChain } from '../meetings/meetings.test-support.ts';
import { application, verifiedUser } from './business.test-support.ts';

// A meeting held at a venue's spot (both phones within 100 m) shows the spot in both people's
// history; the venue sees only a count. Meetings are played on a real chain (see
// meetings.test-support.ts).

describe('meetings at a meeting spot', () => {
  const { env, api, holder, meet } = meetingsOnChain();

  /** An approved venue with one spot at `position`; its owner's token. */
  async function venueWithSpot(position: { lat: number; lon: number }, name: string) {
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, body?: object) =>
      env.t.app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(body ? { payload: body } : {}),
      });
    const owner = await verifiedUser(env.t.app, env.t.db);
    const moderator = await verifiedUser(env.t.app, env.t.db);
    await makeRole(env.t.db, moderator.user.id, 'moderator');
    const applied = await inject(
      'POST',
      '/business',
      owner.token,
      application({ venue: position }),
    );
    const { id } = businessSchema.parse(applied.json());
    await inject('PATCH', `/business/moderate/${id}`, moderator.token, { status: 'approved' });
    const spot = await inject('POST', '/business/spots', owner.token, {
      name,
      category: 'cafe',
      openingHours: 'Daily 8–23',
      ...position,
      perk: 'A free coffee',
    });
    expect(spot.statusCode, spot.body).toBe(201);
    return { token: owner.token, spots: () => inject('GET', '/business/spots', owner.token) };
  }

  it('attributes a meeting held at a spot to it; people see the spot, the venue a count', async () => {
    // One spot 40 m from where the two meet, another 2 km away.
    const here = await venueWithSpot(
      { lat: MEETING_PLACE.lat + 40 / 111_320, lon: MEETING_PLACE.lon },
      'Luna at the square',
    );
    const away = await venueWithSpot(
      { lat: MEETING_PLACE.lat + 2_000 / 111_320, lon: MEETING_PLACE.lon },
      'Luna far away',
    );
    const a = await holder(0);
    const b = await holder(0);
    const meeting = await meet(a, b);
    expect(meeting.status).toBe('completed');

    for (const who of [a, b]) {
      const visited = visitedSpotsSchema.parse((await api('GET', '/spots/visited', who)).json());
      expect(visited.meetings).toEqual([
        { meetingId: meeting.id, spot: expect.objectContaining({ name: 'Luna at the square' }) },
      ]);
    }
    const counted = ownSpotListSchema.parse((await here.spots()).json());
    expect(counted.spots).toEqual([expect.objectContaining({ meetingsHosted: 1 })]);
    // Counts only: the venue's answer has no field that could name who met.
    expect(Object.keys(counted.spots[0] ?? {}).sort()).toEqual(
      [
        'category',
        'id',
        'lat',
        'lon',
        'meetingsHosted',
        'name',
        'openingHours',
        'perk',
        'photoMediaId',
      ].sort(),
    );
    const elsewhere = ownSpotListSchema.parse((await away.spots()).json());
    expect(elsewhere.spots).toEqual([expect.objectContaining({ meetingsHosted: 0 })]);
  });
});
