import { describe, expect, it } from 'vitest';
import { findDrift } from '../scripts/compile.ts';

describe('generated artifacts', () => {
  it('match what the current sources compile to (run npm run compile when this fails)', async () => {
    expect(await findDrift()).toEqual([]);
  });
});
