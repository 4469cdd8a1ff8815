import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { ReportStatus, type Report, type ReportDecision } from '@meeet/core/api/meet';
import { useDecideReport } from './api/decide-report.ts';
import { useReports } from './api/list-reports.ts';
import { NS } from './i18n.ts';
import { PagedCards, usePaging } from './paged-cards.tsx';
import { useFormat } from '../../lib/format.ts';

const STATUSES = Object.values(ReportStatus);
const ACTIONS: ReportDecision['action'][] = ['dismiss', 'warn', 'ban'];

/** The moderator's comment and decision on an open report, and the server's refusal. */
function ReportDecisionActions({ report }: { report: Report }) {
  const { t } = useTranslation(NS);
  const [comment, setComment] = useState('');
  const decide = useDecideReport();
  const failed = decide.data && !decide.data.ok ? decide.data.error : null;
  return (
    <CardActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 2, pb: 2 }}>
      <TextField
        label={t('reports.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        size="small"
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Stack direction="row" spacing={1}>
        {ACTIONS.map((action) => (
          <Button
            key={action}
            variant={action === 'ban' ? 'contained' : 'outlined'}
            color={action === 'ban' ? 'error' : 'primary'}
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate({
                id: report.id,
                body: { action, ...(comment.trim() ? { comment: comment.trim() } : {}) },
              })
            }
          >
            {t(`reports.action.${action}`)}
          </Button>
        ))}
      </Stack>
      {failed && <Alert severity="error">{failed}</Alert>}
    </CardActions>
  );
}

/** One report: its reason, whom it is about, who sent it, the conversation and the decision. */
function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Card variant="outlined" component="article" aria-label={t('reports.card', { id: report.id })}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Chip label={t(`reports.reason.${report.reason}`)} color="warning" size="small" />
          <Chip label={t(`reports.status.${report.status}`)} size="small" />
        </Stack>
        <Typography variant="subtitle1" component="h2">
          {t('reports.about', { id: report.reportedUserId })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {report.reporterId === null
            ? t('reports.by-system')
            : t('reports.by-user', { id: report.reporterId })}{' '}
          · {fmt.dateTime(report.createdAt)}
        </Typography>
        {report.text && <Typography sx={{ mt: 1 }}>{report.text}</Typography>}
        <Typography variant="overline" component="h3" sx={{ mt: 2, display: 'block' }}>
          {t('reports.context')}
        </Typography>
        {report.context.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('reports.no-context')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={0.5} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {report.context.map((message) => (
              <Typography
                key={message.id}
                component="li"
                variant="body2"
                sx={{
                  fontWeight: message.id === report.messageId ? 700 : 400,
                  overflowWrap: 'anywhere',
                }}
              >
                UID {message.senderId}: {message.text}
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
      {report.status === ReportStatus.OPEN && <ReportDecisionActions report={report} />}
    </Card>
  );
}

/** /control/reports: the moderation queue of user and message reports (moderators, admins). */
export default function ReportsPage() {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<ReportStatus>(ReportStatus.OPEN);
  const paging = usePaging();
  const reports = useReports({ status, offset: paging.offset, limit: paging.limit });

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {t('reports.title')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, next: ReportStatus) => {
          setStatus(next);
          paging.setPage(0);
        }}
        aria-label={t('reports.filter')}
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        {STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`reports.status.${value}`)} />
        ))}
      </Tabs>
      <PagedCards
        query={reports}
        paging={paging}
        labels={{
          loading: t('reports.loading'),
          error: t('reports.load-error'),
          empty: t('reports.empty'),
        }}
      >
        {(report) => <ReportCard key={report.id} report={report} />}
      </PagedCards>
    </Container>
  );
}
