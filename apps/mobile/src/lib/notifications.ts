import type { NotificationPayload } from '@meeet/core/api/realtime';
import { createStore } from './store.ts';

/** Spec §3 client state: push notifications with a timestamp. */
export interface AppNotification extends NotificationPayload {
  timestamp: number;
}

export const notificationsStore = createStore<readonly AppNotification[]>([]);

export function pushNotification(payload: NotificationPayload): void {
  notificationsStore.set((previous) =>
    [{ ...payload, timestamp: Date.now() }, ...previous].slice(0, 50),
  );
}
