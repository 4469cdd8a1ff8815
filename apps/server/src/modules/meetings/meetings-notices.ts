import type { DeviceLockLift, Meeting, MeetingReason } from '@meeet/core/api/meetings';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { isLocale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { Role } from '@meeet/core/roles';
import { assertRole } from '../../lib/access.ts';
import { userRoom } from '../../plugins/socket.ts';
import { noticePush } from '../push/push.texts.ts';
import type { AuthContext } from '../users/sessions.service.ts';
import { userLocales } from '../users/users.service.ts';
import type { MeetingsContext } from './meetings-context.ts';
import type { MeetingViews } from './meetings-views.ts';
import type { MeetingRow } from './meetings.schema.ts';
import { txOf } from '../../plugins/db.ts';

/** What the members hear of their meeting: socket events, notifications, pushes. */
export class MeetingNotices {
  constructor(
    private readonly ctx: MeetingsContext,
    private readonly views: MeetingViews,
  ) {}

  /** Both members see the meeting's new state. */
  async pushUpdate(row: MeetingRow): Promise<void> {
    const [viewA, viewB] = await this.views.both(row);
    const { io } = this.ctx.deps;
    io.to(userRoom(row.userA)).emit('meeting:updated', viewA);
    io.to(userRoom(row.userB)).emit('meeting:updated', viewB);
  }

  /** Both members hear that their meeting started; answers each one's view, in the row's order. */
  async started(row: MeetingRow): Promise<[Meeting, Meeting]> {
    const { io, config } = this.ctx.deps;
    const [viewA, viewB] = await this.views.both(row);
    io.to(userRoom(row.userA)).emit('meeting:started', viewA);
    io.to(userRoom(row.userB)).emit('meeting:started', viewB);
    await this.notify(row, 'meetings.started', {
      needed: config.minMinutes,
      minutes: config.windowMinutes,
    });
    return [viewA, viewB];
  }

  /** Both members of a refused proposal hear every reason, each naming the other. */
  async refused(
    callerId: number,
    partnerId: number,
    reasons: readonly MeetingReason[],
  ): Promise<void> {
    const { io } = this.ctx.deps;
    const [caller, partner] = await Promise.all([
      this.views.card(callerId),
      this.views.card(partnerId),
    ]);
    const list = [...reasons];
    io.to(userRoom(callerId)).emit('meeting:refused', { reasons: list, partner });
    io.to(userRoom(partnerId)).emit('meeting:refused', { reasons: list, partner: caller });
  }

  /** A notification to both members in their language, naming the partner. */
  async notify(
    row: MeetingRow,
    key: string,
    params: Record<string, string | number>,
    reasons: readonly MeetingReason[] = [],
  ): Promise<void> {
    const ids = [row.userA, row.userB];
    const [locales, users] = await Promise.all([
      userLocales(txOf(this.ctx.deps.db), ids),
      Promise.all(ids.map((id) => this.ctx.deps.sessions.userOf(id))),
    ]);
    for (const [i, userId] of ids.entries()) {
      const partner = users[1 - i];
      const stored = locales.get(userId);
      const locale = stored && isLocale(stored) ? stored : 'en';
      const reasonText = reasons
        .map((reason) => translate(locale, `meetings.reason.${reason}`))
        .join('; ');
      const payload: NotificationPayload = {
        text: translate(locale, key, {
          ...params,
          name: partner?.firstName ?? partner?.domain ?? `#${partner?.id ?? ''}`,
          reasons: reasonText,
        }),
        color:
          key === 'meetings.minted' ? 'success' : key === 'meetings.started' ? 'info' : 'warning',
      };
      this.ctx.deps.io.to(userRoom(userId)).emit('notification', payload);
      if (key !== 'meetings.started') {
        void this.ctx.deps.push?.notify(
          userId,
          'meetings',
          noticePush('meetings', payload.text, '/meetings'),
        );
      }
    }
  }

  /** A moderator lifts a user's device lock; the user hears of it when there was one. */
  async liftDeviceLock(auth: AuthContext | null, userId: number): Promise<DeviceLockLift> {
    assertRole(auth, Role.MODERATOR);
    const { sessions, io } = this.ctx.deps;
    const before = await sessions.userOf(userId);
    if (!before) throw new AppError(ErrorCode.USER_NOT_FOUND, { messageKey: 'error.NOT_FOUND' });
    const wasLocked = this.views.deviceLockOf(before).locked;
    const user = (await sessions.liftDeviceLock(userId)) ?? before;
    // The user hears of it only when there was a lock: "lifted" would puzzle anyone else.
    if (wasLocked) {
      const locale = isLocale(user.locale) ? user.locale : 'en';
      io.to(userRoom(userId)).emit('notification', {
        text: translate(locale, 'meetings.device-lock-lifted'),
        color: 'success',
      });
    }
    return { ...this.views.deviceLockOf(user), wasLocked };
  }
}
