import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { nftTypeName } from '@meeet/core/enums';
import type { MarketLevel } from '@meeet/core/api/market';
import { paths } from '../../../app/paths.ts';
import { TokenArt } from '../../../components/token-art.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

/** The first tokens of a level's stock: their art, each leading to the token's own page. */
export function ForSale({ level }: { level: MarketLevel }) {
  const { t } = useTranslation(NS);
  if (level.forSale.length === 0) return null;
  const name = nftTypeName(level.level);
  return (
    <Box component="section" aria-label={t('for-sale', { name })}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t('for-sale', { name })}
      </Typography>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {level.forSale.map((id) => (
          <li key={id}>
            <Link
              component={RouterLink}
              to={paths.marketToken.getHref(id)}
              underline="hover"
              sx={{ display: 'grid', gap: 0.5, justifyItems: 'center' }}
            >
              <TokenArt id={id} name={`${name} #${id}`} size={88} testId="market-for-sale-art" />
              <Typography variant="caption">#{id}</Typography>
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
