import type { Business, BusinessModerationItem, OwnSpot, Spot } from '@meeet/core/api/business';
import type { BusinessDecisionRow, BusinessRow, BusinessSpotRow } from './business.schema.ts';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export function toBusiness(row: BusinessRow, history: readonly BusinessDecisionRow[]): Business {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    legalName: row.legalName,
    registrationNumber: row.registrationNumber,
    country: row.country,
    address: row.address,
    website: row.website,
    contact: row.contact,
    category: row.category,
    logoMediaId: row.logoMediaId,
    venue:
      row.venueLat !== null && row.venueLon !== null
        ? { lat: row.venueLat, lon: row.venueLon }
        : null,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    history: history
      .filter((d) => d.businessId === row.id)
      .map((d) => ({
        fromStatus: d.fromStatus,
        toStatus: d.toStatus,
        reason: d.reason,
        createdAt: d.createdAt.toISOString(),
      })),
  };
}

export function toModerationItem(
  row: BusinessRow,
  history: readonly BusinessDecisionRow[],
  ownerEmail: string,
): BusinessModerationItem {
  return { ...toBusiness(row, history), ownerId: row.ownerId, ownerEmail };
}

export function toSpot(row: Omit<BusinessSpotRow, 'createdAt' | 'updatedAt'>): Spot {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    openingHours: row.openingHours,
    photoMediaId: row.photoMediaId,
    lat: row.lat,
    lon: row.lon,
    perk: row.perk,
  };
}

export function toOwnSpot(row: BusinessSpotRow & { n: number }): OwnSpot {
  return { ...toSpot(row), meetingsHosted: row.n };
}
