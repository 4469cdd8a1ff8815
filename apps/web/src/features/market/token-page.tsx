import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nftTypeName } from '@meeet/core/enums';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TokenArt } from '../../components/token-art.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useNft } from './api/get-nft.ts';
import { TokenFacts } from './components/token-facts.tsx';
import { TokenHistory } from './components/token-history.tsx';
import { NS } from './i18n.ts';

/**
 * /market/token/{id}: a token's own page, open to everyone and shareable (the server writes
 * its name into the page's head for link previews, and answers 404 for a token that is not
 * there). A token for sale offers "Buy": a guest signs in first and comes back here.
 */
export default function TokenPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = useAuthStore((state) => state.token !== null);
  const nft = useNft(id);
  const data = nft.data;

  const buy = () => {
    if (!data) return;
    navigate(
      signedIn
        ? paths.market.getHref({ nft: data.type })
        : paths.auth.login.getHref({ next: paths.marketToken.getHref(data.id) }),
    );
  };

  return (
    <Container maxWidth="md" data-testid="market-token-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Link component={RouterLink} to={paths.market.getHref()}>
          {t('token.back')}
        </Link>
        {nft.isPending ? (
          <PageSpinner />
        ) : !data ? (
          <Alert severity="error" data-testid="market-token-error">
            {t('token.not-found')}
          </Alert>
        ) : (
          <>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {data.name}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 280px) 1fr' },
                alignItems: 'start',
              }}
            >
              <TokenArt id={data.id} name={data.name} size={280} testId="market-token-art" />
              <Stack spacing={2}>
                <TokenFacts nft={data} />
                {data.owner.market && (
                  <Box>
                    <Button variant="contained" size="large" onClick={buy}>
                      {t('buy', { name: nftTypeName(data.type) })}
                    </Button>
                    {!signedIn && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {t('guest.sign-in-to-buy')}
                      </Typography>
                    )}
                  </Box>
                )}
              </Stack>
            </Box>
            <TokenHistory nft={data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
