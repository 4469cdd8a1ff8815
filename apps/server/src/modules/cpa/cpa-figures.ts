import {
  type CpaAction,
  type CpaConversionsQuery,
  type CpaLevel,
  type CpaPartner,
  type CpaStats,
  type CpaStatsQuery,
  type CpaTotals,
} from '@meeet/core/api/cpa';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userContacts } from '../users/users.service.ts';
import { cpaRepository as repo, type FigureRow } from './cpa.repository.ts';
import { txOf } from '../../plugins/db.ts';

const DAY_MS = 86_400_000;
const MAX_STATS_DAYS = 366;

export interface CpaFiguresDeps {
  db: Database;
  now: () => Date;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function emptyTotals(): CpaTotals {
  return { hits: 0, regs: 0, value: '0', profit: '0', paid: '0' };
}

/** Adds one figure row to running totals. */
export function addTotals(into: CpaTotals, row: FigureRow): void {
  into.hits += row.hits;
  into.regs += row.regs;
  into.value = (BigInt(into.value) + BigInt(row.value)).toString();
  into.profit = (BigInt(into.profit) + BigInt(row.profit)).toString();
  into.paid = (BigInt(into.paid) + BigInt(row.paid)).toString();
}

/** The programme's figures: a partner's statistics and conversions, the admins' partner list. */
export class CpaFigures {
  constructor(private readonly deps: CpaFiguresDeps) {}

  async stats(auth: AuthContext, query: CpaStatsQuery): Promise<CpaStats> {
    const today = startOfUtcDay(this.deps.now());
    const to = query.to ? new Date(`${query.to}T00:00:00Z`) : today;
    const from = query.from
      ? new Date(`${query.from}T00:00:00Z`)
      : new Date(to.getTime() - 29 * DAY_MS);
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
    if (days < 1 || days > MAX_STATS_DAYS) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, { fields: { from: 'msg.invalid-date' } });
    }
    const links = await repo.allLinksOf(this.deps.db, auth.user.id);
    const ids = links.map((link) => link.id);
    const figures = await repo.figures(this.deps.db, ids, {
      byDay: true,
      from,
      to: new Date(to.getTime() + DAY_MS),
    });
    const totals = emptyTotals();
    const byDay = new Map<string, CpaTotals>();
    const byLink = new Map<string, CpaTotals>();
    for (const row of figures) {
      addTotals(totals, row);
      const day = byDay.get(row.day ?? '') ?? emptyTotals();
      addTotals(day, row);
      byDay.set(row.day ?? '', day);
      const link = byLink.get(row.linkId) ?? emptyTotals();
      addTotals(link, row);
      byLink.set(row.linkId, link);
    }
    return {
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
      totals,
      days: Array.from({ length: days }, (_, i) => {
        const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { day, ...(byDay.get(day) ?? emptyTotals()) };
      }),
      links: links
        .filter((link) => link.deletedAt === null || byLink.has(link.id))
        .map((link) => ({
          linkId: link.id,
          name: link.name,
          ...(byLink.get(link.id) ?? emptyTotals()),
        })),
      unpaid: (await repo.unpaidOf(this.deps.db, auth.user.id)).toString(),
    };
  }

  async conversions(
    auth: AuthContext,
    query: CpaConversionsQuery & { offset: number; limit: number },
  ) {
    const page = await repo.conversionsPage(
      this.deps.db,
      auth.user.id,
      query.linkId ?? null,
      query.offset,
      query.limit,
    );
    return {
      items: page.items.map(({ conversion, linkName }) => ({
        id: conversion.id,
        linkId: conversion.linkId,
        linkName,
        action: conversion.action as CpaAction,
        clickId: conversion.clickId,
        payout: conversion.payout,
        flagged: conversion.flagged,
        paid: conversion.payoutId !== null,
        createdAt: conversion.createdAt.toISOString(),
      })),
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  }

  /** The admins' list: every partner with their totals, what is owed, and fraud signals. */
  async partners(): Promise<{ items: CpaPartner[] }> {
    const { db } = this.deps;
    const [partners, owners, fraud] = await Promise.all([
      repo.partners(db),
      repo.linkOwners(db),
      repo.fraud(db),
    ]);
    const figures = await repo.figures(
      db,
      owners.map((o) => o.id),
      { byDay: false },
    );
    const ownerOf = new Map(owners.map((o) => [o.id, o.userId]));
    const contacts = await userContacts(
      txOf(db),
      partners.map((p) => p.userId),
    );
    const items: CpaPartner[] = [];
    for (const partner of partners) {
      const totals = emptyTotals();
      for (const row of figures)
        if (ownerOf.get(row.linkId) === partner.userId) addTotals(totals, row);
      const signals = fraud.find((f) => f.userId === partner.userId);
      const contact = contacts.get(partner.userId);
      items.push({
        userId: partner.userId,
        email: contact?.email ?? null,
        nickname: contact?.nickname ?? null,
        level: partner.level as CpaLevel,
        links: partner.links,
        totals,
        unpaid: (BigInt(totals.profit) - BigInt(totals.paid)).toString(),
        fraud: {
          selfHits: signals?.selfHits ?? 0,
          sharedDeviceRegs: signals?.sharedDeviceRegs ?? 0,
          flaggedConversions: signals?.flaggedConversions ?? 0,
        },
      });
    }
    return { items };
  }
}
