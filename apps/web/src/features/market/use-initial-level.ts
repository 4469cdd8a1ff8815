import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { NftType } from '@meeet/core/enums';
import { STORAGE_KEYS, readStorage, removeStorage } from '../../lib/storage.ts';
import { initialLevel } from './purchase.ts';

/**
 * `?nft=` and the stored buyingNftId (spec §2/§3) choose the level once, then are cleared so a
 * later visit starts from the user's own choice. Runs again when the root effect re-stores it.
 */
export function useInitialLevel(select: (level: NftType) => void) {
  const [params, setParams] = useSearchParams();
  const nft = params.get('nft');
  useEffect(() => {
    const stored = readStorage(STORAGE_KEYS.buyingNftId);
    const level = initialLevel(nft, stored);
    if (level !== null) select(level);
    if (stored !== null) removeStorage(STORAGE_KEYS.buyingNftId);
    if (nft !== null)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('nft');
          return next;
        },
        { replace: true },
      );
  }, [nft, select, setParams]);
}
