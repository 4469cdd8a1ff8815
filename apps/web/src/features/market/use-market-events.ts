import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { off, on } from '../../lib/socket.ts';
import { marketKeys } from './api/query-keys.ts';

/**
 * The server announces a purchase's progress (signed, queued, served, failed, refunded) as a
 * `wallet` event after its commit: the page refetches its market queries, never patches them.
 * `withNotices` also refetches on the server's notices (the shell's socket shows them).
 */
export function useMarketEvents({ withNotices }: { withNotices: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    on('wallet', refresh);
    if (withNotices) on('notification', refresh);
    return () => {
      off('wallet', refresh);
      if (withNotices) off('notification', refresh);
    };
  }, [queryClient, withNotices]);
}
