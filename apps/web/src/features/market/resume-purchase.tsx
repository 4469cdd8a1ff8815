import { Navigate, Outlet } from 'react-router';
import { parseNftType } from '@meeet/core/enums';
import { paths } from '../../app/paths.ts';
import { STORAGE_KEYS, readStorage, removeStorage } from '../../lib/storage.ts';

/**
 * In front of /account (where a login lands, spec §4): a visitor who came to buy a level
 * (buyingNftId stored from `?nft=` or a home "Buy" button) goes on to the marketplace with
 * that level, once — the market page clears the entry. A value that is not a level is dropped.
 */
export default function ResumePurchase() {
  const stored = readStorage(STORAGE_KEYS.buyingNftId);
  if (stored === null) return <Outlet />;
  const level = parseNftType(stored);
  if (level === null) {
    removeStorage(STORAGE_KEYS.buyingNftId);
    return <Outlet />;
  }
  return <Navigate to={paths.market.getHref({ nft: level })} replace />;
}
