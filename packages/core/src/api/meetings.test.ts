import { describe, expect, it } from 'vitest';
import { meetingPingSchema } from './meetings.ts';

const fix = { t: 1_700_000_000_000, lat: 52.52, accuracy: 5 };

describe('the meeting ping', () => {
  it('spells the longitude lon, as the rest of the contract', () => {
    expect(meetingPingSchema.parse({ ...fix, lon: 13.405 })).toEqual({
      ...fix,
      lon: 13.405,
      simulated: false,
      heard: [],
    });
  });

  it('still reads the deprecated lng of older apps as lon, and lon wins when both come', () => {
    expect(meetingPingSchema.parse({ ...fix, lng: 13.405 })).toMatchObject({ lon: 13.405 });
    expect(meetingPingSchema.parse({ ...fix, lng: 1, lon: 2 })).not.toHaveProperty('lng');
    expect(meetingPingSchema.parse({ ...fix, lng: 1, lon: 2 })).toMatchObject({ lon: 2 });
    const outOfRange = meetingPingSchema.safeParse({ ...fix, lng: 181 });
    expect(outOfRange.success).toBe(false);
    expect(outOfRange.error?.issues[0]?.path).toEqual(['lon']);
  });

  it('refuses a ping without a longitude, and what is not an object', () => {
    expect(meetingPingSchema.safeParse(fix).success).toBe(false);
    expect(meetingPingSchema.safeParse(null).success).toBe(false);
    expect(meetingPingSchema.safeParse([fix]).success).toBe(false);
  });
});
