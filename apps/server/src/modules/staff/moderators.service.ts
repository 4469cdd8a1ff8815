import { AppError, ErrorCode } from '@meeet/core/api/errors';
import {
  EARLIEST_HOLDERS_SHOWN,
  type ModeratorAppointRequest,
  type ModeratorAppointResult,
  type ModeratorList,
} from '@meeet/core/api/moderators';
import { StaffAction } from '@meeet/core/api/staff';
import { NFT_TYPES, nftTypeName } from '@meeet/core/enums';
import { Role } from '@meeet/core/roles';
import type { Database } from '../../db/client.ts';
import { txOf } from '../../plugins/db.ts';
import { assertRole } from '../../lib/access.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { earliestBuyers, firstPurchaseAt } from '../market/market.service.ts';
import { setUserRoleById, userById, usersByIds } from '../users/users.service.ts';
import { moderatorLevelsRepository } from '../kyc/moderator-levels.ts';
import { staffRepository } from './staff.repository.ts';

const refused = (messageKey: string) => new AppError(ErrorCode.CONFLICT, { messageKey });

/**
 * Moderators as spec §6 defines them: an admin appoints, for a level, one of that level's
 * earliest holders (by first completed purchase, from the market). Appointing a plain user
 * makes them a moderator (a role change in their audit trail); the level rows keep who appointed.
 */
export class ModeratorsService {
  constructor(private readonly deps: { db: Database }) {}

  async list(auth: AuthContext | null): Promise<ModeratorList> {
    assertRole(auth, Role.ADMIN);
    const { db } = this.deps;
    const buyers = await Promise.all(
      NFT_TYPES.map((level) => earliestBuyers(txOf(db), level, EARLIEST_HOLDERS_SHOWN)),
    );
    const ids = [...new Set(buyers.flat().map((buyer) => buyer.userId))];
    const [people, moderates] = await Promise.all([
      usersByIds(txOf(db), ids),
      moderatorLevelsRepository.of(txOf(db), ids),
    ]);
    const byId = new Map(people.map((user) => [user.id, user]));
    return {
      levels: NFT_TYPES.map((level, index) => ({
        level,
        holders: (buyers[index] ?? []).flatMap(({ userId, at }) => {
          const user = byId.get(userId);
          if (!user) return [];
          return [
            {
              id: user.id,
              email: user.email,
              nickname: user.domain,
              role: user.role as Role,
              firstPurchaseAt: at.toISOString(),
              moderates: moderates.get(userId) ?? [],
            },
          ];
        }),
      })),
    };
  }

  async appoint(
    auth: AuthContext | null,
    userId: number,
    input: ModeratorAppointRequest,
  ): Promise<ModeratorAppointResult> {
    const caller = assertRole(auth, Role.ADMIN);
    const { level } = input;
    return this.deps.db.transaction(async (tx) => {
      const user = await userById(txOf(tx), userId);
      if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
      let role = user.role as Role;
      if (input.appoint) {
        if (!(await firstPurchaseAt(txOf(tx), userId, level)))
          throw refused('moderators.not-a-holder');
        if (!(await moderatorLevelsRepository.add(txOf(tx), userId, level, caller.user.id))) {
          throw refused('moderators.already');
        }
        if (role === Role.USER) {
          role = Role.MODERATOR;
          await setUserRoleById(txOf(tx), userId, role);
          await staffRepository.record(tx, {
            userId,
            actorId: caller.user.id,
            action: StaffAction.ROLE,
            reason: `appointed moderator for level ${nftTypeName(level)}`,
            details: { from: user.role, to: role },
          });
        }
      } else if (!(await moderatorLevelsRepository.remove(txOf(tx), userId, level))) {
        throw refused('moderators.not-appointed');
      }
      const moderates = (await moderatorLevelsRepository.of(txOf(tx), [userId])).get(userId) ?? [];
      return { userId, role, moderates };
    });
  }
}
