import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationPayload } from '@meeet/core/api/realtime';
import { connect, off, on } from '../../lib/socket.ts';
import { notify } from '../../lib/stores/notifications-store.ts';
import { marketKeys } from './api/query-keys.ts';

/**
 * The server announces a purchase's progress (signed, queued, served, failed, refunded) as a
 * `wallet` event after its commit: the page refetches its market queries, never patches them.
 * `withNotices` also shows the server's notice (off where the wallet page already does).
 */
export function useMarketEvents({ withNotices }: { withNotices: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    const onNotification = (payload: NotificationPayload) => {
      notify(payload.text, payload.color ? { color: payload.color } : {});
      refresh();
    };
    void connect();
    on('wallet', refresh);
    if (withNotices) on('notification', onNotification);
    return () => {
      off('wallet', refresh);
      if (withNotices) off('notification', onNotification);
    };
  }, [queryClient, withNotices]);
}
