/** Every market query lives under ['market']: one invalidation refreshes them all. */
export const marketKeys = {
  all: ['market'] as const,
  /** Per session: a guest's answer has no `mine`, so a sign-in must not reuse it. */
  market: (token: string | null) => ['market', 'market', token ?? 'guest'] as const,
  nft: (id: string) => ['market', 'nft', id] as const,
  transaction: (id: number) => ['market', 'transaction', id] as const,
  purchases: ['market', 'purchases'] as const,
};
