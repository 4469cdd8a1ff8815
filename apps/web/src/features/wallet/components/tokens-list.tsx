import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WalletNft } from '@meeet/core/api/crypto';
import { useTranslation } from '../../../i18n/react.ts';
import { paths } from '../../../app/paths.ts';
import { TokenArt } from '../../../components/token-art.tsx';
import { NS } from '../i18n.ts';

/** Level colours of the three tiers (spec §1: Silver, Gold, Platinum). */
const LEVEL_COLORS = ['#c0c7d1', '#e8b64c', '#a8d8ea'] as const;

/** Your tokens and NFTs (spec §2): level, name, id, how it came, queue place if prepaid. */
export function TokensList({ nfts }: { nfts: readonly WalletNft[] }) {
  const { t } = useTranslation(NS);
  if (nfts.length === 0)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="wallet-nfts-empty">
        <Typography color="text.secondary">{t('tokens.empty')}</Typography>
        <Button variant="outlined" component={RouterLink} to={paths.market.getHref()}>
          {t('tokens.market')}
        </Button>
      </Stack>
    );
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
      }}
    >
      {nfts.map((nft) => (
        <Box
          component="li"
          key={nft.id}
          data-testid="wallet-nft"
          data-type={nft.type}
          sx={{
            p: 2,
            borderRadius: 3,
            border: 2,
            borderColor: LEVEL_COLORS[nft.type],
            bgcolor: 'action.hover',
          }}
        >
          {nft.queuePosition === null && (
            <Box sx={{ mb: 1.5 }}>
              <TokenArt id={nft.id} name={nft.name} size={200} testId="wallet-nft-art" />
            </Box>
          )}
          <Typography
            variant="overline"
            sx={{ color: LEVEL_COLORS[nft.type], fontWeight: 800, lineHeight: 1.5 }}
          >
            {t(`level.${nft.type}`)}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {nft.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {nft.queuePosition !== null
              ? t('tokens.queue', { position: nft.queuePosition })
              : t('tokens.id', { id: nft.id })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {nft.generators.length > 0 ? t('tokens.generated') : t('tokens.bought')}
          </Typography>
          {nft.queuePosition === null && (
            <Button
              size="small"
              component={RouterLink}
              to={paths.marketToken.getHref(nft.id)}
              data-testid="wallet-nft-view"
              sx={{ mt: 1, px: 0 }}
            >
              {t('tokens.view')}
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}
