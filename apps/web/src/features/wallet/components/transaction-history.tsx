import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Transaction } from '@meeet/core/api/crypto';
import { transactionStatusSchema, transactionTypeSchema } from '@meeet/core/enum-schemas';
import type { TransactionStatus as Status, TransactionType as Type } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useTransactions } from '../api/list-transactions.ts';
import { NS } from '../i18n.ts';
import { StatusChip } from './status-chip.tsx';
import { INCOMING, OUTGOING, TransactionDetails } from './transaction-details.tsx';
import { useFormat, type Formatters } from '../../../lib/format.ts';

const PAGE_SIZE = 10;

function signed(transaction: Transaction, fmt: Formatters): string {
  const amount = `${fmt.amount(transaction.amount, transaction.decimals)} ${transaction.symbol}`;
  if (INCOMING.has(transaction.type)) return `+${amount}`;
  if (OUTGOING.has(transaction.type)) return `−${amount}`;
  return amount;
}

/** Transaction history: type and status filters, pages, status chips, explorer links. */
export function TransactionHistory() {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const theme = useTheme();
  // Phones: one card per transaction instead of a table to scroll sideways.
  const cards = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [type, setType] = useState<Type | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(0);
  const limit = PAGE_SIZE;
  const query = {
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    offset: page * limit,
    limit,
  };
  const list = useTransactions(query);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('history.type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as Type | '');
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'tx-filter-type' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('history.all')}</MenuItem>
          {transactionTypeSchema.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`type.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('history.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'tx-filter-status' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('history.all')}</MenuItem>
          {transactionStatusSchema.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {list.isError && <Alert severity="error">{t('history.error')}</Alert>}
      {list.data && list.data.list.length === 0 && (
        <Typography color="text.secondary" data-testid="tx-empty">
          {t('history.empty')}
        </Typography>
      )}
      {list.data && list.data.list.length > 0 && cards && (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="tx-cards"
        >
          {list.data.list.map((transaction) => (
            <TransactionCard key={transaction.id} transaction={transaction} fmt={fmt} />
          ))}
        </Stack>
      )}
      {list.data && list.data.list.length > 0 && !cards && (
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
              {list.data.list.map((transaction) => {
                return (
                  <TableRow
                    key={transaction.id}
                    data-testid="tx-row"
                    data-id={transaction.id}
                    data-type={transaction.type}
                    data-status={transaction.status}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {fmt.dateTime(transaction.createdAt)}
                    </TableCell>
                    <TableCell>
                      {t(`type.${transaction.type}`)}
                      <TypeExplained transaction={transaction} fmt={fmt} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {signed(transaction, fmt)}
                    </TableCell>
                    <TableCell>
                      <StatusChip
                        status={transaction.status}
                        confirmations={transaction.confirmations}
                      />
                    </TableCell>
                    <TableCell sx={{ maxWidth: 420 }}>
                      <TransactionDetails transaction={transaction} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {list.data && list.data.total > limit && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
          data-testid="tx-pager"
        >
          <Typography variant="body2" color="text.secondary">
            {t('history.range', {
              from: list.data.offset + 1,
              to: list.data.offset + list.data.list.length,
              count: list.data.total,
            })}
          </Typography>
          <Button
            size="small"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            data-testid="tx-prev"
          >
            {t('history.prev')}
          </Button>
          <Button
            size="small"
            disabled={(page + 1) * limit >= list.data.total}
            onClick={() => setPage(page + 1)}
            data-testid="tx-next"
          >
            {t('history.next')}
          </Button>
        </Stack>
      )}
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
