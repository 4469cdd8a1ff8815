import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { NewsStatus } from '@meeet/core/enums';
import type { NewsItem } from '@meeet/core/api/news';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useDeleteNews } from './api/delete-news.ts';
import { useControlNews, useControlNewsItem } from './api/list-control-news.ts';
import { NewsForm } from './components/news-form.tsx';
import { NS } from './i18n.ts';
import { useFormat } from '../../lib/format.ts';
import { ControlPage } from './components/control-page.tsx';

const ALL = 'all';
const PAGE_SIZES = [10, 20, 50];

/** Which news the list shows: all, drafts or published. */
function StatusFilter({
  value,
  onChange,
}: {
  value: NewsStatus | typeof ALL;
  onChange: (next: NewsStatus | typeof ALL) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      select
      size="small"
      label={t('news.status')}
      value={value}
      onChange={(event) => onChange(event.target.value as NewsStatus | typeof ALL)}
      slotProps={{ htmlInput: { 'data-testid': 'news-filter' } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value={ALL}>{t('kyc.filter.all')}</MenuItem>
      <MenuItem value={NewsStatus.DRAFT}>{t('news.status.DRAFT')}</MenuItem>
      <MenuItem value={NewsStatus.PUBLISHED}>{t('news.status.PUBLISHED')}</MenuItem>
    </TextField>
  );
}

/** One news item: a click opens its edit form; scheduled items (published later) marked. */
function NewsRow({
  item,
  scheduled,
  deleting,
  onDelete,
}: {
  item: NewsItem;
  scheduled: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const fmt = useFormat();
  return (
    <TableRow
      data-testid="news-row"
      hover
      sx={{ cursor: 'pointer' }}
      onClick={() => void navigate(paths.control.newsEdit.getHref(item.id))}
    >
      <TableCell>{item.id}</TableCell>
      <TableCell>{item.titleEn}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={item.status === NewsStatus.DRAFT ? 'default' : scheduled ? 'info' : 'success'}
          label={scheduled ? t('news.scheduled') : t(`news.status.${item.status}`)}
        />
      </TableCell>
      <TableCell>{fmt.dateTime(item.publishAt)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          component={RouterLink}
          to={paths.control.newsEdit.getHref(item.id)}
          onClick={(event) => event.stopPropagation()}
        >
          {t('news.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          disabled={deleting}
          onClick={(event) => {
            event.stopPropagation();
            if (window.confirm(t('news.delete-confirm'))) onDelete();
          }}
        >
          {t('news.delete')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The news of the control area with a status filter; drafts and scheduled items marked. */
function NewsTable() {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<NewsStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[0] ?? 10);
  const news = useControlNews({
    offset: page * limit,
    limit,
    status: status === ALL ? undefined : status,
  });
  const remove = useDeleteNews();
  // Scheduled relative to when the list was read, so a render never depends on the clock.
  const now = news.dataUpdatedAt;
  return (
    <Stack spacing={2} sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('news.list-title')}
        </Typography>
        <StatusFilter
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(0);
          }}
        />
      </Stack>
      {news.isPending ? (
        <PageSpinner />
      ) : news.isError ? (
        <Alert severity="error">{t('news.load-error')}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="news-table">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('news.title-en')}</TableCell>
                <TableCell>{t('news.status')}</TableCell>
                <TableCell>{t('news.publish-at')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {news.data.list.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('news.empty')}</TableCell>
                </TableRow>
              )}
              {news.data.list.map((item) => (
                <NewsRow
                  key={item.id}
                  item={item}
                  scheduled={
                    item.status === NewsStatus.PUBLISHED && Date.parse(item.publishAt) > now
                  }
                  deleting={remove.isPending}
                  onDelete={() => remove.mutate(item.id)}
                />
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={news.data.total}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('kyc.rows-per-page')}
          />
        </TableContainer>
      )}
    </Stack>
  );
}

function EditNews({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const item = useControlNewsItem(id);
  if (item.isPending) return <PageSpinner />;
  if (!item.data) return <Alert severity="error">{t('news.load-error')}</Alert>;
  return <NewsForm key={item.data.updatedAt} item={item.data} />;
}

/** /control/news: the add form and the list; /control/news/{id}: the edit form of that item. */
export default function NewsPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const editId = id === undefined ? null : Number(id);
  return (
    <ControlPage title={t('news.page-title')} testId="control-news">
      {editId !== null && Number.isInteger(editId) ? (
        <>
          <Button component={RouterLink} to={paths.control.news.getHref()} sx={{ mb: 2 }}>
            {t('news.back')}
          </Button>
          <EditNews id={editId} />
        </>
      ) : (
        <NewsForm />
      )}
      <NewsTable />
    </ControlPage>
  );
}
