import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from 'react-i18next';
import { useNft } from '../api/get-nft.ts';
import { NS } from '../i18n.ts';
import { LEVEL_COLORS } from './level-picker.tsx';

/** The token's page (spec §7 GET /crypto/market/nft/{id}): level, name, generators, owner. */
export function TokenDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const nft = useNft(id);
  const data = nft.data;
  const row = (label: string, value: string, testId: string) => (
    <Box sx={{ display: 'contents' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby="market-token-title"
      data-testid="market-token-dialog"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="market-token-title">{data ? data.name : t('token.title')}</DialogTitle>
      <DialogContent>
        {nft.isPending && (
          <Box role="status" aria-label={t('token.loading')} sx={{ textAlign: 'center', py: 2 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {nft.isError && (
          <Alert severity="error" data-testid="market-token-error">
            {t('token.not-found')}
          </Alert>
        )}
        {data && (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
            data-testid="market-token"
            data-token-id={data.id}
          >
            <Typography color="text.secondary">{t('token.level')}</Typography>
            <Typography
              data-testid="market-token-level"
              sx={{ color: LEVEL_COLORS[data.type], fontWeight: 800 }}
            >
              {t(`level.${data.type}`)}
            </Typography>
            {row(t('token.id'), data.id, 'market-token-id')}
            {row(
              t('token.owner'),
              data.owner.mine
                ? t('token.owner.you')
                : data.owner.market
                  ? t('token.owner.market')
                  : data.owner.userId !== null
                    ? t('token.owner.user', { id: data.owner.userId })
                    : maskShort(data.owner.address),
              'market-token-owner',
            )}
            {row(
              t('token.generators'),
              data.generators.length === 0
                ? t('token.generators.none')
                : data.generators
                    .map((generator) =>
                      generator.userId !== null
                        ? t('token.owner.user', { id: generator.userId })
                        : maskShort(generator.address),
                    )
                    .join(', '),
              'market-token-generators',
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('token.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
