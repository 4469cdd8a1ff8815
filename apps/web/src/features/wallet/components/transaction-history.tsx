import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TransactionListResponse } from '@meeet/core/api/crypto';
import { transactionStatusSchema, transactionTypeSchema } from '@meeet/core/enum-schemas';
import type { TransactionStatus as Status, TransactionType as Type } from '@meeet/core/enums';
import { useTranslation } from '../../../i18n/react.ts';
import { useTransactions } from '../api/list-transactions.ts';
import { NS } from '../i18n.ts';
import { TransactionCards, TransactionTable } from './transaction-list.tsx';
import { useFormat } from '../../../lib/format.ts';

const PAGE_SIZE = 10;

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
        <FilterSelect
          label={t('history.type')}
          testId="tx-filter-type"
          value={type}
          options={transactionTypeSchema.options}
          optionLabel={(value) => t(`type.${value}`)}
          onChange={(value) => {
            setType(value);
            setPage(0);
          }}
        />
        <FilterSelect
          label={t('history.status')}
          testId="tx-filter-status"
          value={status}
          options={transactionStatusSchema.options}
          optionLabel={(value) => t(`status.${value}`)}
          onChange={(value) => {
            setStatus(value);
            setPage(0);
          }}
        />
      </Stack>

      {list.isError && <Alert severity="error">{t('history.error')}</Alert>}
      {list.data && list.data.list.length === 0 && (
        <Typography color="text.secondary" data-testid="tx-empty">
          {t('history.empty')}
        </Typography>
      )}
      {list.data && list.data.list.length > 0 && cards && (
        <TransactionCards list={list.data.list} fmt={fmt} />
      )}
      {list.data && list.data.list.length > 0 && !cards && (
        <TransactionTable list={list.data.list} fmt={fmt} />
      )}
      {list.data && list.data.total > limit && (
        <Pager data={list.data} page={page} limit={limit} onPage={setPage} />
      )}
    </Stack>
  );
}

/** A filter select with an "all" entry first; its test id sits on the select's display. */
function FilterSelect<T extends string>(props: {
  label: string;
  testId: string;
  value: T | '';
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | '') => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as T | '')}
      sx={{ minWidth: 200 }}
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': props.testId } as object,
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">{t('history.all')}</MenuItem>
      {props.options.map((value) => (
        <MenuItem key={value} value={value}>
          {props.optionLabel(value)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The shown range ("1–10 of 23") with previous and next page buttons. */
function Pager({
  data,
  page,
  limit,
  onPage,
}: {
  data: TransactionListResponse;
  page: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
      data-testid="tx-pager"
    >
      <Typography variant="body2" color="text.secondary">
        {t('history.range', {
          from: data.offset + 1,
          to: data.offset + data.list.length,
          count: data.total,
        })}
      </Typography>
      <Button
        size="small"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
        data-testid="tx-prev"
      >
        {t('history.prev')}
      </Button>
      <Button
        size="small"
        disabled={(page + 1) * limit >= data.total}
        onClick={() => onPage(page + 1)}
        data-testid="tx-next"
      >
        {t('history.next')}
      </Button>
    </Stack>
  );
}
