/** Every market query lives under ['market']: one invalidation refreshes them all. */
export const marketKeys = {
  all: ['market'] as const,
  market: ['market', 'market'] as const,
  nft: (id: string) => ['market', 'nft', id] as const,
  transaction: (id: number) => ['market', 'transaction', id] as const,
  purchases: ['market', 'purchases'] as const,
};
