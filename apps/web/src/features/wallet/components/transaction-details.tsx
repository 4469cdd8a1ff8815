import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { Transaction } from '@meeet/core/api/crypto';
import { BNB_DECIMALS } from '@meeet/core/constants';
import type { TransactionType as Type } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';
import { CopyButton } from '../../../components/copy-button.tsx';

/** Which way the money went: for the sign of the amount and which side is "the other". */
export const INCOMING: ReadonlySet<string> = new Set<Type>(['INPUT', 'REWARD', 'GASING']);
export const OUTGOING: ReadonlySet<string> = new Set<Type>(['OUTPUT', 'BUY_NFT']);

/** One full value (an address, a hash), selectable, with a button that copies all of it. */
function FullValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation(NS);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="span"
        data-testid={testId}
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.8rem',
          overflowWrap: 'anywhere',
          userSelect: 'all',
        }}
      >
        {value}
      </Box>
      <CopyButton
        text={value}
        label={t('history.copy')}
        copiedLabel={t('deposit.copied')}
        testId={`${testId}-copy`}
      />
    </Stack>
  );
}

/**
 * The other side of a transaction in full (who paid in, or where it went), its hash in full,
 * both copyable, the explorer link when one is configured, and the gas our own sending cost.
 */
export function TransactionDetails({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const incoming = INCOMING.has(transaction.type);
  const other = incoming ? transaction.from : transaction.to;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {other && (
        <FullValue
          label={incoming ? t('history.from') : t('history.to')}
          value={other}
          testId="tx-counterpart"
        />
      )}
      {transaction.hash && (
        <FullValue label={t('history.hash-label')} value={transaction.hash} testId="tx-hash" />
      )}
      {transaction.explorerUrl && (
        <Link
          href={transaction.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="tx-explorer"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {t('history.explorer')}
          <OpenInNewIcon fontSize="inherit" />
        </Link>
      )}
      {transaction.gasFee != null && (
        <Typography variant="body2" color="text.secondary" data-testid="tx-gas">
          {t('history.gas', { fee: fmt.amount(transaction.gasFee, BNB_DECIMALS) })}
        </Typography>
      )}
    </Stack>
  );
}
