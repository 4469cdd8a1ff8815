import type { KycModerationItem } from '@meeet/core/api/kyc';

/** A verified user asking for Gold, as the moderation list sends it (web tests' fixture). */
export const kycItemFixture: KycModerationItem = {
  id: 7,
  email: 'admin@meeet.test',
  firstName: 'Anna',
  lastName: 'Admin',
  surName: null,
  bdate: '1990-05-17T00:00:00.000Z',
  country: 'DE',
  status: 'approved',
  moderatorComment: null,
  maxNftType: 0,
  requestedNftType: 1,
  levelRequestedAt: null,
  documentId: null,
  selfieId: null,
  submittedAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  history: [],
};
