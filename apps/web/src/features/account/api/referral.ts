import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  referralListResponseSchema,
  referralRewardsResponseSchema,
  referralStatsResponseSchema,
  type ReferralLevel,
} from '@meeet/core/api/referral';
import { referralPaths } from '@meeet/core/api/referral-paths';
import { api } from '../../../lib/api-client.ts';

/** The "All roles" filter of the tree: everyone, or one referral level. */
export type RoleFilter = 'all' | ReferralLevel;

/** Rows per page of the tree, at every level. */
export const TREE_PAGE_SIZE = 20;
/** How many of the latest rewards the Main tab lists. */
export const RECENT_REWARDS = 10;

/** Every referral query lives under ['referral']: one invalidation refreshes them all. */
export const referralKeys = {
  all: ['referral'] as const,
  stats: ['referral', 'stats'] as const,
  rewards: ['referral', 'rewards'] as const,
  list: (parentId: number | null, role: RoleFilter, offset: number) =>
    ['referral', 'list', parentId, role, offset] as const,
  children: (parentId: number, role: RoleFilter) =>
    ['referral', 'children', parentId, role] as const,
};

function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/** GET /referral/stats: the link, totals and the figures of every period. */
export function useReferralStats() {
  return useQuery({
    queryKey: referralKeys.stats,
    queryFn: async () =>
      unwrap(await api.get(referralPaths.stats, undefined, referralStatsResponseSchema)),
  });
}

/** GET /referral/rewards: the latest rewards, newest first. */
export function useRecentRewards() {
  return useQuery({
    queryKey: referralKeys.rewards,
    queryFn: async () =>
      unwrap(
        await api.get(
          referralPaths.rewards,
          { offset: 0, limit: RECENT_REWARDS },
          referralRewardsResponseSchema,
        ),
      ),
  });
}

async function listPage(parentId: number | null, role: RoleFilter, offset: number) {
  const path = parentId === null ? referralPaths.list : referralPaths.listOf(parentId);
  return unwrap(
    await api.get(path, { offset, limit: TREE_PAGE_SIZE, role }, referralListResponseSchema),
  );
}

/** GET /referral/list: one page of the caller's direct referrals. */
export function useReferralList(role: RoleFilter, offset: number) {
  return useQuery({
    queryKey: referralKeys.list(null, role, offset),
    queryFn: () => listPage(null, role, offset),
    placeholderData: keepPreviousData,
  });
}

/** GET /referral/list/{userId}: a referral's own referrals, a page more at a time. */
export function useReferralChildren(parentId: number, role: RoleFilter) {
  return useInfiniteQuery({
    queryKey: referralKeys.children(parentId, role),
    queryFn: ({ pageParam }) => listPage(parentId, role, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.limit : undefined,
  });
}
