import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { connect, off, on } from '../../lib/socket.ts';
import { notify } from '../../lib/stores/notifications-store.ts';
import { walletKeys } from './api/query-keys.ts';

/**
 * The server announces a deposit, a confirmed or failed withdrawal over the socket after its
 * commit: the page refetches its wallet queries (never patches them) and shows the notice.
 */
export function useWalletEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    const onNotification = (payload: NotificationPayload) => {
      notify(payload.text, payload.color ? { color: payload.color } : {});
      refresh();
    };
    void connect();
    on('wallet', refresh);
    on('notification', onNotification);
    return () => {
      off('wallet', refresh);
      off('notification', onNotification);
    };
  }, [queryClient]);
}
