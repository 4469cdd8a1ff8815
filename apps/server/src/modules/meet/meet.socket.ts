import type { FastifyBaseLogger } from 'fastify';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import type { HandState } from '@meeet/core/api/realtime';
import type { RealtimeEvents } from '../../plugins/realtime-events.ts';
import type { RealtimeSocket } from '../../plugins/socket.ts';
import type { SessionsService } from '../users/sessions.service.ts';
import type { ChatService } from './chat.service.ts';
import type { MapService } from './map.service.ts';

export interface MeetSocketDeps {
  map: MapService;
  chat: ChatService;
  sessions: SessionsService;
  log: FastifyBaseLogger;
  /** The realtime seam every event goes through (budget, schema, answer). */
  realtime: RealtimeEvents;
  /** Tells every device of the user how their hand stands now (`hand:state`). */
  handChanged: (userId: number, state: HandState) => void;
}

/**
 * The meet events of one socket, each through the realtime seam (plugins/realtime-events.ts),
 * and the hand's state sent when the socket connects, so a restarted app shows it as it is.
 */
export function attachMeetSocket(socket: RealtimeSocket, deps: MeetSocketDeps): void {
  const { userId } = socket.data;
  const { map, chat, realtime } = deps;
  if (userId !== null) {
    map.connected(userId);
    socket.on('disconnect', () => map.disconnected(userId, socket.id));
    map.handState(userId).then(
      (state) => {
        if (socket.connected) socket.emit('hand:state', state);
      },
      (error: unknown) => deps.log.warn({ err: error }, 'meet: hand state not sent'),
    );
  }

  realtime.on(socket, 'hand:raise', async (auth, payload) => {
    const user = await deps.sessions.userOf(auth.user.id);
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, { messageKey: 'error.TOKEN_INVALID' });
    const hand = await map.raise(user, payload.mood);
    deps.handChanged(user.id, hand);
    return { hand };
  });
  // The drop tells every device itself (`hand:dropped`, `hand:state`), whatever its reason.
  realtime.on(socket, 'hand:lower', async (auth) => {
    await map.drop(auth.user.id, 'lowered');
  });
  realtime.on(socket, 'hand:ghost', async (auth, payload) => {
    const hand = await map.setGhost(auth.user.id, payload.ghost);
    deps.handChanged(auth.user.id, hand);
    return { hand };
  });
  realtime.on(socket, 'position', (auth, payload, receivedAt) =>
    map.position(auth.user.id, payload, receivedAt),
  );
  realtime.on(socket, 'map:watch', (auth, payload) =>
    map.watch(socket.id, auth.user.id, payload, (diff) => socket.emit('map:diff', diff)),
  );
  realtime.on(socket, 'map:unwatch', () => {
    map.unwatch(socket.id);
    return Promise.resolve();
  });
  realtime.on(socket, 'chat:typing', (auth, payload) => chat.typing(auth, payload.userId));
}
