import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MarketNftResponse } from '@meeet/core/api/market';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

/** A token's sales through the market, newest first, each with its transaction when known. */
export function TokenHistory({ nft }: { nft: MarketNftResponse }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Box component="section" aria-labelledby="market-token-history">
      <Typography id="market-token-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('token.history')}
      </Typography>
      {nft.history.length === 0 ? (
        <Typography color="text.secondary">
          {nft.owner.market ? t('token.history.for-sale') : t('token.history.none')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {nft.history.map((entry) => (
            <li key={`${entry.at}-${entry.hash ?? ''}`}>
              <Typography component="span">
                {t('token.history.bought', { date: fmt.dateTime(entry.at) })}
              </Typography>
              {entry.explorerUrl && (
                <>
                  {' '}
                  <Link href={entry.explorerUrl} target="_blank" rel="noopener noreferrer">
                    {t('token.history.transaction')}
                  </Link>
                </>
              )}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
