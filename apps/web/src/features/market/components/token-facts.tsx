import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketNftResponse } from '@meeet/core/api/market';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { useChainInfo } from '../api/get-chain-info.ts';
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

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <>
      <Typography color="text.secondary">{label}</Typography>
      <Typography data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/**
 * A token's level, number, owner and generators (spec §7 GET /crypto/market/nft/{id}), and
 * where to check it on chain: the token contract and the explorer's pages when configured.
 */
export function TokenFacts({ nft }: { nft: MarketNftResponse }) {
  const { t } = useTranslation(NS);
  const chain = useChainInfo(true);
  const contract = chain.data?.contracts.token ?? null;
  const explorer =
    contract && chain.data?.explorerUrl
      ? explorerLinks(chain.data.explorerUrl, contract, nft.id)
      : null;
  const who = (userId: number | null, address: string) =>
    userId !== null ? t('token.owner.user', { id: userId }) : maskShort(address);
  return (
    <Stack spacing={2}>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        data-testid="market-token"
        data-token-id={nft.id}
      >
        <Typography color="text.secondary">{t('token.level')}</Typography>
        <Typography
          data-testid="market-token-level"
          sx={{ color: LEVEL_COLORS[nft.type], fontWeight: 800 }}
        >
          {t(`level.${nft.type}`)}
        </Typography>
        <Row label={t('token.id')} value={nft.id} testId="market-token-id" />
        <Row
          label={t('token.owner')}
          value={
            nft.owner.mine
              ? t('token.owner.you')
              : nft.owner.market
                ? t('token.owner.market')
                : who(nft.owner.userId, nft.owner.address)
          }
          testId="market-token-owner"
        />
        <Row
          label={t('token.generators')}
          value={
            nft.generators.length === 0
              ? t('token.generators.none')
              : nft.generators.map((g) => who(g.userId, g.address)).join(', ')
          }
          testId="market-token-generators"
        />
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
      {contract && <ExplorerLinks explorer={explorer} />}
    </Stack>
  );
}

/** The token's pages on the block explorer, or a note that none is configured. */
function ExplorerLinks({ explorer }: { explorer: ReturnType<typeof explorerLinks> | null }) {
  const { t } = useTranslation(NS);
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      {explorer ? (
        <>
          <Link href={explorer.token} target="_blank" rel="noopener noreferrer">
            {t('token.explorer')}
          </Link>
          <Link href={explorer.transactions} target="_blank" rel="noopener noreferrer">
            {t('token.transactions')}
          </Link>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="market-token-no-explorer">
          {t('token.no-explorer')}
        </Typography>
      )}
    </Stack>
  );
}
