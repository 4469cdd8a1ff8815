import { useEffect } from 'react';
import { connect, disconnect, off, on } from '../lib/socket.ts';
import { useAuthStore } from '../lib/stores/auth-store.ts';
import { useNotificationsStore } from '../lib/stores/notifications-store.ts';

/**
 * One socket per signed-in tab: opened when a token appears (sign-in, or a stored session on
 * load), closed when it goes (sign-out) or changes. Every server notification is shown on
 * whatever page is open and kept for the notifications menu; pages only add their refetches.
 */
export function useSessionSocket(): void {
  const token = useAuthStore((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const receive = useNotificationsStore.getState().receive;
    on('notification', receive);
    void connect();
    return () => {
      off('notification', receive);
      disconnect();
      useNotificationsStore.getState().clearRecent();
    };
  }, [token]);
}
