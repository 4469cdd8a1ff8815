import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import type { KycModerationItem } from '@meeet/core/api/kyc';
import { KycStatus, nftTypeName } from '@meeet/core/enums';
import { useKycApplications } from './api/list-kyc-applications.ts';
import { KycReviewDialog } from './components/kyc-review-dialog.tsx';
import { NS } from './i18n.ts';
import { useFormat } from '../../lib/format.ts';

const SEARCH_DELAY_MS = 300;
const PAGE_SIZES = [10, 20, 50];
const ALL = 'all';
/** Verified users waiting for an answer to a higher-level request. */
const LEVEL_REQUESTS = 'level-requests';
type StatusFilter = KycStatus | typeof ALL | typeof LEVEL_REQUESTS;

/** Spec §2 control/kyc: filter by status, search by last name, page, review and decide. */
export default function KycModerationPage() {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const [status, setStatus] = useState<StatusFilter>(KycStatus.REQUESTED);
  const [lastNameInput, setLastNameInput] = useState('');
  const [lastName, setLastName] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [reviewing, setReviewing] = useState<KycModerationItem | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setLastName(lastNameInput.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastNameInput]);

  const list = useKycApplications({
    offset: page * limit,
    limit,
    status: status === ALL || status === LEVEL_REQUESTS ? undefined : status,
    lastName: lastName || undefined,
    ...(status === LEVEL_REQUESTS ? { levelRequested: true } : {}),
  });
  const rows = list.data?.list ?? [];

  return (
    <Container maxWidth="lg" data-testid="kyc-moderation-page" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('kyc.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label={t('kyc.filter.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'kyc-filter-status' } }}
        >
          <MenuItem value={ALL}>{t('kyc.filter.all')}</MenuItem>
          {Object.values(KycStatus).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`kyc.status.${value}`, { ns: 'core' })}
            </MenuItem>
          ))}
          <MenuItem value={LEVEL_REQUESTS}>{t('kyc.filter.level-requests')}</MenuItem>
        </TextField>
        <TextField
          label={t('kyc.filter.last-name')}
          value={lastNameInput}
          onChange={(event) => setLastNameInput(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'kyc-filter-last-name', maxLength: 64 } }}
        />
      </Stack>
      {list.isError && <Alert severity="error">{t('kyc.load-error')}</Alert>}
      <TableContainer>
        <Table size="small" data-testid="kyc-applications">
          <TableHead>
            <TableRow>
              <TableCell>{t('kyc.column.uid')}</TableCell>
              <TableCell>{t('kyc.column.name')}</TableCell>
              <TableCell>{t('kyc.column.submitted')}</TableCell>
              <TableCell>{t('kyc.column.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid={`kyc-row-${row.id}`} hover>
                <TableCell>{row.id}</TableCell>
                <TableCell>
                  {[row.lastName, row.firstName].filter(Boolean).join(' ') || row.email}
                </TableCell>
                <TableCell>{fmt.dateTime(row.submittedAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    <Chip size="small" label={t(`kyc.status.${row.status}`, { ns: 'core' })} />
                    {row.requestedNftType !== null && (
                      <Chip
                        size="small"
                        color="info"
                        data-testid="kyc-level-requested"
                        label={t('kyc.level-requested', {
                          level: nftTypeName(row.requestedNftType),
                        })}
                      />
                    )}
                  </Stack>
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setReviewing(row)}>
                    {t('kyc.review')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">{t('kyc.empty')}</Typography>
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
        labelRowsPerPage={t('kyc.rows-per-page')}
      />
      {reviewing && <KycReviewDialog item={reviewing} onClose={() => setReviewing(null)} />}
    </Container>
  );
}
