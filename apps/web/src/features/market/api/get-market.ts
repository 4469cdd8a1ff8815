import { useQuery } from '@tanstack/react-query';
import { marketPaths } from '@meeet/core/api/market-paths';
import { api } from '../../../lib/api-client.ts';
import { moneySchema } from '../../../lib/money-schemas.ts';
import { useAuthStore } from '../../../lib/stores/auth-store.ts';
import { useMarketStore } from '../../../lib/stores/market-store.ts';
import { marketKeys } from './query-keys.ts';

/** Stock and queues move with other buyers; the socket refreshes the user's own changes. */
const MARKET_POLL_MS = 15_000;

/** GET /crypto/market: per level price, stock, queue length and the caller's own state. */
export async function getMarket() {
  const result = await api.get(marketPaths.market, undefined, moneySchema('marketResponseSchema'));
  if (!result.ok) throw new Error(result.error);
  // Spec §3 client state "queue (market)": the caller's places, one per level they wait for.
  useMarketStore
    .getState()
    .setQueue(
      result.data.levels.flatMap((level) =>
        level.mine?.queuePosition != null
          ? [{ position: level.mine.queuePosition, nftType: level.level }]
          : [],
      ),
    );
  return result.data;
}

export function useMarket() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: marketKeys.market(token),
    queryFn: getMarket,
    refetchInterval: MARKET_POLL_MS,
  });
}
