import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useCryptoInfo } from './api/get-crypto-info.ts';
import { useFee } from './api/get-fee.ts';
import { useWallet } from './api/get-wallet.ts';
import { AddressBook } from './components/address-book.tsx';
import { Balances } from './components/balances.tsx';
import { DepositPanel } from './components/deposit-panel.tsx';
import { HoldBanner } from './components/hold-banner.tsx';
import { Section } from './components/section.tsx';
import { TokensList } from './components/tokens-list.tsx';
import { TransactionHistory } from './components/transaction-history.tsx';
import { WithdrawPanel } from './components/withdraw-panel.tsx';
import { NS } from './i18n.ts';
import { useWalletEvents } from './use-wallet-events.ts';

/**
 * Account → Marketplace (/account/market): the wallet screens of spec §2 — balances, deposit,
 * withdraw, your tokens and NFTs — and the transaction history, on one page.
 */
export default function WalletPage() {
  const { t } = useTranslation([NS, 'core']);
  const wallet = useWallet();
  const info = useCryptoInfo();
  const fee = useFee();
  useWalletEvents();

  if (wallet.isPending) return <PageSpinner />;
  if (!wallet.data)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Alert severity="error" data-testid="wallet-load-error">
          {t('load-error')}
        </Alert>
      </Container>
    );
  const data = wallet.data;

  return (
    <Container maxWidth="lg" data-testid="wallet-page" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">
            {t('network', { blockchain: data.blockchain, network: data.network })}
          </Typography>
        </Box>
        <HoldBanner hold={data.hold} />
        <Balances wallet={data} devFunding={info.data?.devFunding ?? false} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section id="wallet-deposit" title={t('deposit.title')} testId="wallet-deposit">
            <DepositPanel wallet={data} fee={fee.data?.transferFee ?? null} />
          </Section>
          <Section id="wallet-withdraw" title={t('withdraw.title')} testId="wallet-withdraw">
            <WithdrawPanel wallet={data} fee={fee.data} />
          </Section>
        </Box>
        <Section id="wallet-addresses" title={t('book.title')} testId="wallet-addresses">
          <AddressBook />
        </Section>
        <Section id="wallet-tokens" title={t('tokens.title')} testId="wallet-tokens">
          <TokensList nfts={data.nfts} />
        </Section>
        <Section id="wallet-history" title={t('history.title')} testId="wallet-history">
          <TransactionHistory />
        </Section>
      </Stack>
    </Container>
  );
}
