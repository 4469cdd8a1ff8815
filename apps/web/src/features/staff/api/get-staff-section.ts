import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPaths, type StaffSection } from '@meeet/core/api/staff-paths';
import type { StaffPageQuery } from '@meeet/core/api/staff-sections';
import { api, type ResponseSchema } from '../../../lib/api-client.ts';

/** Every section of one user's page: what an action on the user makes stale. */
export const staffSectionsKey = (userId: number) => ['staff', 'section', userId] as const;

/**
 * GET /staff/users/{id}/{section} (core staff-sections.ts), paged when `page` is given; the
 * result as is, so a section can say a refusal in place.
 */
export function useStaffSection<T>(
  userId: number,
  section: StaffSection,
  schema: ResponseSchema<T>,
  page?: StaffPageQuery,
) {
  return useQuery({
    queryKey: [...staffSectionsKey(userId), section, page?.offset ?? 0, page?.limit ?? 0],
    queryFn: () => api.get(staffPaths.section(userId, section), page, schema),
    placeholderData: keepPreviousData,
  });
}
