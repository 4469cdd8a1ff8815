import { describe, expect, it } from 'vitest';
import { sessionLabel } from './session-label.ts';

const words = { app: 'MEEET app', unknown: 'Unknown browser' };

describe('sessionLabel', () => {
  it('names the browser or the app, and the system when known', () => {
    expect(sessionLabel({ client: 'browser', browser: 'Chrome 130', os: 'macOS 15' }, words)).toBe(
      'Chrome 130 · macOS 15',
    );
    expect(sessionLabel({ client: 'app', browser: null, os: 'iOS' }, words)).toBe(
      'MEEET app · iOS',
    );
    expect(sessionLabel({ client: 'other', browser: null, os: null }, words)).toBe(
      'Unknown browser',
    );
  });
});
