import { create } from 'zustand';

export type NotificationColor = 'success' | 'info' | 'warning' | 'error';

/** Spec §3 push notification. */
export interface PushNotification {
  timestamp: number;
  show: boolean;
  text: string;
  timeout: number;
  color: NotificationColor;
}

const DEFAULT_TIMEOUT_MS = 5000;

interface NotificationsState {
  notification: PushNotification | null;
  notify: (text: string, options?: { color?: NotificationColor; timeout?: number }) => void;
  hide: () => void;
}

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  notification: null,
  notify: (text, { color = 'info', timeout = DEFAULT_TIMEOUT_MS } = {}) =>
    set({ notification: { timestamp: Date.now(), show: true, text, timeout, color } }),
  hide: () =>
    set((state) =>
      state.notification ? { notification: { ...state.notification, show: false } } : state,
    ),
}));

export function notify(
  text: string,
  options?: { color?: NotificationColor; timeout?: number },
): void {
  useNotificationsStore.getState().notify(text, options);
}
