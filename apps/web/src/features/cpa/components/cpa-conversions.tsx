import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { useCpaConversions } from '../api/list-cpa-conversions.ts';
import { NS } from '../i18n.ts';
import { usdt } from './cpa-amount.ts';
import { CPA_PAGE_SIZE as PAGE, CpaPager } from './cpa-pager.tsx';

/** The partner's conversions, a page at a time. */
export function CpaConversions() {
  const { t, i18n } = useTranslation(NS);
  const [page, setPage] = useState(0);
  const conversions = useCpaConversions({ offset: page * PAGE, limit: PAGE });
  if (conversions.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (conversions.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  if (conversions.data.total === 0) return <Typography>{t('conversions.empty')}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('conversions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('conversions.time')}</TableCell>
              <TableCell>{t('table.link')}</TableCell>
              <TableCell>{t('conversions.action')}</TableCell>
              <TableCell>{t('conversions.click')}</TableCell>
              <TableCell align="right">{t('conversions.payout')}</TableCell>
              <TableCell>{t('conversions.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conversions.data.items.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{new Date(c.createdAt).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{c.linkName}</TableCell>
                <TableCell>{t(`action.${c.action}`)}</TableCell>
                <TableCell>{c.clickId ?? '—'}</TableCell>
                <TableCell align="right">{usdt(c.payout)}</TableCell>
                <TableCell>
                  {c.flagged
                    ? t('conversions.flagged')
                    : c.paid
                      ? t('conversions.paid')
                      : t('conversions.earned')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CpaPager total={conversions.data.total} page={page} onPage={setPage} />
    </>
  );
}
