import { create } from 'zustand';
import type { NotificationPayload } from '@meeet/core/api/realtime';

export type NotificationColor = 'success' | 'info' | 'warning' | 'error';

/** Spec §3 push notification. */
export interface PushNotification {
  timestamp: number;
  show: boolean;
  text: string;
  timeout: number;
  color: NotificationColor;
  /** Where the notification leads in the app (a news item). */
  link?: string | undefined;
}

/** A notification the server pushed, kept for the notifications menu. */
export interface ReceivedNotification {
  id: number;
  timestamp: number;
  text: string;
  color: NotificationColor;
  link?: string | undefined;
  read: boolean;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** The menu shows the latest few; older ones live in their own pages (news, wallet). */
const RECENT_MAX = 20;

interface NotificationsState {
  notification: PushNotification | null;
  recent: ReceivedNotification[];
  notify: (
    text: string,
    options?: { color?: NotificationColor; timeout?: number; link?: string | undefined },
  ) => void;
  /** A server push: shown now and kept, unread, in the menu. */
  receive: (payload: NotificationPayload) => void;
  markAllRead: () => void;
  /** Sign-out: the next user starts with an empty menu. */
  clearRecent: () => void;
  hide: () => void;
}

let nextId = 1;

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  notification: null,
  recent: [],
  notify: (text, { color = 'info', timeout = DEFAULT_TIMEOUT_MS, link } = {}) =>
    set({ notification: { timestamp: Date.now(), show: true, text, timeout, color, link } }),
  receive: (payload) => {
    const color = payload.color ?? 'info';
    const entry: ReceivedNotification = {
      id: nextId++,
      timestamp: Date.now(),
      text: payload.text,
      color,
      link: payload.link,
      read: false,
    };
    set((state) => ({ recent: [entry, ...state.recent].slice(0, RECENT_MAX) }));
    get().notify(payload.text, {
      color,
      ...(payload.timeout ? { timeout: payload.timeout } : {}),
      link: payload.link,
    });
  },
  markAllRead: () =>
    set((state) => ({ recent: state.recent.map((entry) => ({ ...entry, read: true })) })),
  clearRecent: () => set({ recent: [] }),
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
