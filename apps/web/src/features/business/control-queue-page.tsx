import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { BusinessModerationItem } from '@meeet/core/api/business';
import { BusinessStatus } from '@meeet/core/enums';
import { paths } from '../../app/paths.ts';
import { OverdueChip } from '../../components/review-rules/overdue-chip.tsx';
import { QueueFilter } from '../../components/queue/queue-filter.tsx';
import { QueuePage } from '../../components/queue/queue-page.tsx';
import { QueueTable, type QueueColumn } from '../../components/queue/queue-table.tsx';
import { useQueuePaging } from '../../components/queue/use-queue-paging.ts';
import { useTranslation } from '../../i18n/react.ts';
import { useFormat } from '../../lib/format.ts';
import { useBusinesses } from './api/control-businesses.ts';
import { NS } from './i18n.ts';

const ALL = 'all';
type StatusFilter = BusinessStatus | typeof ALL;

/** The table's columns: the business, its owner, when it applied, its status, a link to it. */
function useBusinessColumns(): QueueColumn<BusinessModerationItem>[] {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  return [
    { header: t('control.column.id'), cell: (row) => row.id },
    { header: t('control.column.name'), cell: (row) => row.legalName },
    { header: t('control.column.owner'), cell: (row) => row.ownerEmail },
    { header: t('control.column.submitted'), cell: (row) => fmt.dateTime(row.submittedAt) },
    {
      header: t('control.column.status'),
      cell: (row) => (
        <>
          <Chip size="small" label={t(`status.${row.status}`)} />{' '}
          {row.status === BusinessStatus.PENDING && <OverdueChip since={row.submittedAt} />}
        </>
      ),
    },
    {
      align: 'right',
      cell: (row) => (
        <Button size="small" component={RouterLink} to={paths.control.business.getHref(row.id)}>
          {t('control.open')}
        </Button>
      ),
    },
  ];
}

/** The control area's business queue: the oldest waiting application first. */
export default function ControlBusinessQueuePage() {
  const { t } = useTranslation([NS, 'core']);
  const [status, setStatus] = useState<StatusFilter>(BusinessStatus.PENDING);
  const paging = useQueuePaging();
  const columns = useBusinessColumns();
  const list = useBusinesses({
    offset: paging.offset,
    limit: paging.limit,
    ...(status === ALL ? {} : { status }),
  });
  const statusOptions: { value: StatusFilter; label: string }[] = [
    { value: ALL, label: t('control.all') },
    ...Object.values(BusinessStatus).map((value) => ({ value, label: t(`status.${value}`) })),
  ];

  return (
    <QueuePage
      title={t('control.title')}
      testId="control-business-page"
      loadError={list.isError ? t('control.load-error') : null}
      filters={
        <QueueFilter
          label={t('control.filter')}
          value={status}
          options={statusOptions}
          onChange={(next) => {
            setStatus(next);
            paging.firstPage();
          }}
          testId="business-filter-status"
        />
      }
    >
      <QueueTable
        columns={columns}
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        paging={paging}
        emptyText={t('control.empty')}
        loaded={list.isSuccess}
        testId="business-queue"
        rowTestIdPrefix="business-row"
      />
    </QueuePage>
  );
}
