import { describe, expect, it } from 'vitest';
import { decisionNeedsReason, mayApply, mayDecide } from './business-status.ts';

describe('business account transitions', () => {
  it('lets the applicant apply first, after "needs more" and after a refusal only', () => {
    expect(mayApply(null)).toBe(true);
    expect(mayApply('needs-info')).toBe(true);
    expect(mayApply('refused')).toBe(true);
    expect(mayApply('pending')).toBe(false);
    expect(mayApply('approved')).toBe(false);
    expect(mayApply('suspended')).toBe(false);
  });

  it('lets a moderator answer, suspend and reinstate, nothing else', () => {
    expect(mayDecide('pending', 'approved')).toBe(true);
    expect(mayDecide('pending', 'needs-info')).toBe(true);
    expect(mayDecide('pending', 'refused')).toBe(true);
    expect(mayDecide('approved', 'suspended')).toBe(true);
    expect(mayDecide('suspended', 'approved')).toBe(true);
    expect(mayDecide('pending', 'suspended')).toBe(false);
    expect(mayDecide('refused', 'approved')).toBe(false);
    expect(mayDecide('approved', 'approved')).toBe(false);
  });

  it('asks a reason for every decision but an approval', () => {
    expect(decisionNeedsReason('approved')).toBe(false);
    expect(decisionNeedsReason('refused')).toBe(true);
    expect(decisionNeedsReason('suspended')).toBe(true);
  });
});
