import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { TokenArt } from '../../../components/token-art.tsx';
import { useChainInfo } from '../api/get-chain-info.ts';
import { useNft } from '../api/get-nft.ts';
import { NS } from '../i18n.ts';
import { LEVEL_COLORS } from './level-picker.tsx';

/** A block explorer's pages of one ERC-721 token (BscScan's layout, shared by Etherscan). */
export function explorerLinks(explorerUrl: string, contract: string, id: string) {
  const base = explorerUrl.replace(/\/+$/, '');
  return {
    token: `${base}/nft/${contract}/${encodeURIComponent(id)}`,
    transactions: `${base}/token/${contract}?a=${encodeURIComponent(id)}`,
  };
}

/**
 * The token's page (spec §7 GET /crypto/market/nft/{id}): its art, level, name, generators,
 * owner, and where to check it on chain (the token contract and the explorer's pages).
 */
export function TokenDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const nft = useNft(id);
  const chain = useChainInfo(id !== null);
  const data = nft.data;
  const contract = chain.data?.contracts.token ?? null;
  const explorer =
    contract && chain.data?.explorerUrl && data
      ? explorerLinks(chain.data.explorerUrl, contract, data.id)
      : null;
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
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <TokenArt id={data.id} name={data.name} size={240} testId="market-token-art" />
          </Box>
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
            {contract && (
              <>
                <Typography color="text.secondary">{t('token.contract')}</Typography>
                <Typography
                  data-testid="market-token-contract"
                  sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.85rem' }}
                >
                  {contract}
                </Typography>
              </>
            )}
          </Box>
        )}
        {data && contract && (
          <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {explorer ? (
              <>
                <Link
                  href={explorer.token}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="market-token-explorer"
                >
                  {t('token.explorer')}
                </Link>
                <Link
                  href={explorer.transactions}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="market-token-transactions"
                >
                  {t('token.transactions')}
                </Link>
              </>
            ) : (
              <Typography
                variant="body2"
                color="text.secondary"
                data-testid="market-token-no-explorer"
              >
                {t('token.no-explorer')}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('token.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
