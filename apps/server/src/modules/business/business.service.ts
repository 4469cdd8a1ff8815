import type { Database } from '../../db/client.ts';
import { businessRepository } from './business.repository.ts';

/** An approved business as other modules see it (the campaigns' targeting area). */
export interface ApprovedBusiness {
  id: number;
  name: string;
  /** The venue's position; null for a brand without a place. */
  venue: { lat: number; lon: number } | null;
}

export interface BusinessServiceDeps {
  db: Database;
}

/** Business accounts: applying, review, the venue's meeting spots (issue 44). */
export class BusinessService {
  constructor(private readonly deps: BusinessServiceDeps) {}

  /** The user's business when it is approved; null otherwise (none, waiting, refused, suspended). */
  async approvedBusinessOf(userId: number): Promise<ApprovedBusiness | null> {
    const row = await businessRepository.findByOwner(this.deps.db, userId);
    if (row?.status !== 'approved') return null;
    return {
      id: row.id,
      name: row.legalName,
      venue:
        row.venueLat !== null && row.venueLon !== null
          ? { lat: row.venueLat, lon: row.venueLon }
          : null,
    };
  }
}
