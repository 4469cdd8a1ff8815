import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { off, on } from '../../lib/socket.ts';
import { walletKeys } from './api/query-keys.ts';

/**
 * The server announces a deposit, a confirmed or failed withdrawal over the socket after its
 * commit: the page refetches its wallet queries (never patches them); the shell's socket
 * shows the notice.
 */
export function useWalletEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    on('wallet', refresh);
    on('notification', refresh);
    return () => {
      off('wallet', refresh);
      off('notification', refresh);
    };
  }, [queryClient]);
}
