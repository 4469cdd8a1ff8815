import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@meeet/core/api/crypto';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { StatusChip } from './status-chip.tsx';
import { INCOMING, OUTGOING, TransactionDetails } from './transaction-details.tsx';
import type { Formatters } from '../../../lib/format.ts';

function signed(transaction: Transaction, fmt: Formatters): string {
  const amount = `${fmt.amount(transaction.amount, transaction.decimals)} ${transaction.symbol}`;
  if (INCOMING.has(transaction.type)) return `+${amount}`;
  if (OUTGOING.has(transaction.type)) return `−${amount}`;
  return amount;
}

/** Transactions as a table (wide screens): date, type, signed amount, status, details. */
export function TransactionTable({ list, fmt }: { list: Transaction[]; fmt: Formatters }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="tx-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.date')}</TableCell>
            <TableCell>{t('history.type')}</TableCell>
            <TableCell align="right">{t('history.amount')}</TableCell>
            <TableCell>{t('history.status')}</TableCell>
            <TableCell>{t('history.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} fmt={fmt} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One transaction as a table row. */
function TransactionRow({ transaction, fmt }: { transaction: Transaction; fmt: Formatters }) {
  const { t } = useTranslation(NS);
  return (
    <TableRow
      data-testid="tx-row"
      data-id={transaction.id}
      data-type={transaction.type}
      data-status={transaction.status}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(transaction.createdAt)}</TableCell>
      <TableCell>
        {t(`type.${transaction.type}`)}
        <TypeExplained transaction={transaction} fmt={fmt} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {signed(transaction, fmt)}
      </TableCell>
      <TableCell>
        <StatusChip status={transaction.status} confirmations={transaction.confirmations} />
      </TableCell>
      <TableCell sx={{ maxWidth: 420 }}>
        <TransactionDetails transaction={transaction} />
      </TableCell>
    </TableRow>
  );
}

/** Transactions as cards (phones), one list item each. */
export function TransactionCards({ list, fmt }: { list: Transaction[]; fmt: Formatters }) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      data-testid="tx-cards"
    >
      {list.map((transaction) => (
        <TransactionCard key={transaction.id} transaction={transaction} fmt={fmt} />
      ))}
    </Stack>
  );
}

/**
 * "Approval" is chain language: say in plain words what it did (allowed the marketplace to
 * take the price of the purchase that follows; no USDT moved, only gas was paid).
 */
function TypeExplained({ transaction, fmt }: { transaction: Transaction; fmt: Formatters }) {
  const { t } = useTranslation(NS);
  if (transaction.type !== 'APPROVE') return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="tx-approve-explained"
      sx={{ whiteSpace: 'normal', maxWidth: 360 }}
    >
      {t('history.approve-explained', {
        amount: `${fmt.amount(transaction.amount, transaction.decimals)} ${transaction.symbol}`,
      })}
    </Typography>
  );
}

/** One transaction on a phone: type and amount on top, date and status, then details. */
function TransactionCard({ transaction, fmt }: { transaction: Transaction; fmt: Formatters }) {
  const { t } = useTranslation(NS);
  const typeId = `tx-card-${transaction.id}-type`;
  return (
    <Box
      component="li"
      aria-labelledby={typeId}
      data-testid="tx-card"
      data-id={transaction.id}
      data-type={transaction.type}
      data-status={transaction.status}
      sx={{ p: 2, borderRadius: 3, bgcolor: 'action.hover' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
      >
        <Typography id={typeId} sx={{ fontWeight: 700 }}>
          {t(`type.${transaction.type}`)}
        </Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="tx-card-amount">
          {signed(transaction, fmt)}
        </Typography>
      </Stack>
      <TypeExplained transaction={transaction} fmt={fmt} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary">
          {fmt.dateTime(transaction.createdAt)}
        </Typography>
        <StatusChip status={transaction.status} confirmations={transaction.confirmations} />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <TransactionDetails transaction={transaction} />
      </Box>
    </Box>
  );
}
