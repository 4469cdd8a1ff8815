import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../i18n/react.ts';
import type { KycModerationItem } from '@meeet/core/api/kyc';
import { KycStatus, nftTypeName } from '@meeet/core/enums';
import { QueueFilter } from '../../components/queue/queue-filter.tsx';
import { QueuePage } from '../../components/queue/queue-page.tsx';
import { QueueTable, type QueueColumn } from '../../components/queue/queue-table.tsx';
import { useQueuePaging } from '../../components/queue/use-queue-paging.ts';
import { useKycApplications } from './api/list-kyc-applications.ts';
import { KycReviewDialog } from './components/kyc-review-dialog.tsx';
import { NS } from './i18n.ts';
import { useFormat } from '../../lib/format.ts';

const SEARCH_DELAY_MS = 300;
const ALL = 'all';
/** Verified users waiting for an answer to a higher-level request. */
const LEVEL_REQUESTS = 'level-requests';
type StatusFilter = KycStatus | typeof ALL | typeof LEVEL_REQUESTS;

/** The table's columns: who, when, where the application stands, and the review button. */
function useKycColumns(onReview: (row: KycModerationItem) => void) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const columns: QueueColumn<KycModerationItem>[] = [
    { header: t('kyc.column.uid'), cell: (row) => row.id },
    {
      header: t('kyc.column.name'),
      cell: (row) => [row.lastName, row.firstName].filter(Boolean).join(' ') || row.email,
    },
    { header: t('kyc.column.submitted'), cell: (row) => fmt.dateTime(row.submittedAt) },
    {
      header: t('kyc.column.status'),
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={t(`kyc.status.${row.status}`, { ns: 'core' })} />
          {row.requestedNftType !== null && (
            <Chip
              size="small"
              color="info"
              data-testid="kyc-level-requested"
              label={t('kyc.level-requested', { level: nftTypeName(row.requestedNftType) })}
            />
          )}
        </Stack>
      ),
    },
    {
      align: 'right',
      cell: (row) => (
        <Button size="small" onClick={() => onReview(row)}>
          {t('kyc.review')}
        </Button>
      ),
    },
  ];
  return columns;
}

/** Spec §2 control/kyc: filter by status, search by last name, page, review and decide. */
export default function KycModerationPage() {
  const { t } = useTranslation([NS, 'core']);
  const [status, setStatus] = useState<StatusFilter>(KycStatus.REQUESTED);
  const [lastNameInput, setLastNameInput] = useState('');
  const [lastName, setLastName] = useState('');
  const paging = useQueuePaging();
  const { firstPage } = paging;
  const [reviewing, setReviewing] = useState<KycModerationItem | null>(null);
  const columns = useKycColumns(setReviewing);

  useEffect(() => {
    const timer = setTimeout(() => {
      setLastName(lastNameInput.trim());
      firstPage();
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastNameInput, firstPage]);

  const list = useKycApplications({
    offset: paging.offset,
    limit: paging.limit,
    status: status === ALL || status === LEVEL_REQUESTS ? undefined : status,
    lastName: lastName || undefined,
    ...(status === LEVEL_REQUESTS ? { levelRequested: true } : {}),
  });
  const statusOptions: { value: StatusFilter; label: string }[] = [
    { value: ALL, label: t('kyc.filter.all') },
    ...Object.values(KycStatus).map((value) => ({
      value,
      label: t(`kyc.status.${value}`, { ns: 'core' }),
    })),
    { value: LEVEL_REQUESTS, label: t('kyc.filter.level-requests') },
  ];

  return (
    <QueuePage
      title={t('kyc.title')}
      testId="kyc-moderation-page"
      loadError={list.isError ? t('kyc.load-error') : null}
      filters={
        <>
          <QueueFilter
            label={t('kyc.filter.status')}
            value={status}
            options={statusOptions}
            onChange={(next) => {
              setStatus(next);
              firstPage();
            }}
            testId="kyc-filter-status"
          />
          <TextField
            label={t('kyc.filter.last-name')}
            value={lastNameInput}
            onChange={(event) => setLastNameInput(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'kyc-filter-last-name', maxLength: 64 } }}
          />
        </>
      }
    >
      <QueueTable
        columns={columns}
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        paging={paging}
        emptyText={t('kyc.empty')}
        loaded={list.isSuccess}
        labelRowsPerPage={t('kyc.rows-per-page')}
        testId="kyc-applications"
        rowTestIdPrefix="kyc-row"
      />
      {reviewing && <KycReviewDialog item={reviewing} onClose={() => setReviewing(null)} />}
    </QueuePage>
  );
}
