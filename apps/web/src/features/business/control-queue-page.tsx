import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BusinessStatus } from '@meeet/core/enums';
import { paths } from '../../app/paths.ts';
import { OverdueChip } from '../../components/review-rules/overdue-chip.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useFormat } from '../../lib/format.ts';
import { useBusinesses } from './api/control-businesses.ts';
import { NS } from './i18n.ts';

const PAGE_SIZES = [10, 20, 50];
const ALL = 'all';
type StatusFilter = BusinessStatus | typeof ALL;

/** The control area's business queue: the oldest waiting application first. */
export default function ControlBusinessQueuePage() {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const [status, setStatus] = useState<StatusFilter>(BusinessStatus.PENDING);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const list = useBusinesses({
    offset: page * limit,
    limit,
    ...(status === ALL ? {} : { status }),
  });
  const rows = list.data?.list ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="control-business-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('control.title')}
      </Typography>
      <TextField
        select
        label={t('control.filter')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as StatusFilter);
          setPage(0);
        }}
        sx={{ minWidth: 220, mb: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'business-filter-status' } }}
      >
        <MenuItem value={ALL}>{t('control.all')}</MenuItem>
        {Object.values(BusinessStatus).map((value) => (
          <MenuItem key={value} value={value}>
            {t(`status.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {list.isError && <Alert severity="error">{t('control.load-error')}</Alert>}
      <TableContainer>
        <Table size="small" data-testid="business-queue">
          <TableHead>
            <TableRow>
              <TableCell>{t('control.column.id')}</TableCell>
              <TableCell>{t('control.column.name')}</TableCell>
              <TableCell>{t('control.column.owner')}</TableCell>
              <TableCell>{t('control.column.submitted')}</TableCell>
              <TableCell>{t('control.column.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid={`business-row-${row.id}`}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.legalName}</TableCell>
                <TableCell>{row.ownerEmail}</TableCell>
                <TableCell>{fmt.dateTime(row.submittedAt)}</TableCell>
                <TableCell>
                  <Chip size="small" label={t(`status.${row.status}`)} />{' '}
                  {row.status === BusinessStatus.PENDING && <OverdueChip since={row.submittedAt} />}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    component={RouterLink}
                    to={paths.control.business.getHref(row.id)}
                  >
                    {t('control.open')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary">{t('control.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
        }}
      />
    </Container>
  );
}
