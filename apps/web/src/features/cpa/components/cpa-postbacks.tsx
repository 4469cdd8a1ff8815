import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CpaPostback } from '@meeet/core/api/cpa';
import { useTranslation } from '../../../i18n/react.ts';
import { useCpaPostbacks, useResendCpaPostback } from '../api/cpa-postbacks.ts';
import { NS } from '../i18n.ts';
import { CPA_PAGE_SIZE as PAGE, CpaPager } from './cpa-pager.tsx';

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function PostbackCard({ postback }: { postback: CpaPostback }) {
  const { t, i18n } = useTranslation(NS);
  const resend = useResendCpaPostback();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={t('postbacks.card', { id: postback.id })}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Chip
            size="small"
            color={STATUS_COLOR[postback.status]}
            label={t(`postbacks.status.${postback.status}`)}
          />
          <Typography variant="subtitle2">{t(`action.${postback.action}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {new Date(postback.createdAt).toLocaleString(i18n.language)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {postback.url}
        </Typography>
        <Box component="ol" sx={{ pl: 2.5, my: 1 }}>
          {postback.attempts.map((a) => (
            <Typography component="li" variant="body2" key={a.attempt}>
              {t('postbacks.attempt', { attempt: a.attempt })} ·{' '}
              {new Date(a.at).toLocaleString(i18n.language)} ·{' '}
              {a.statusCode ?? t('postbacks.no-response')} ·{' '}
              {t('postbacks.duration', { ms: a.durationMs })}
              {a.error ? ` · ${a.error}` : ''}
            </Typography>
          ))}
        </Box>
        {postback.nextAttemptAt && (
          <Typography variant="body2" color="text.secondary">
            {t('postbacks.next', {
              time: new Date(postback.nextAttemptAt).toLocaleString(i18n.language),
            })}
          </Typography>
        )}
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={resend.isPending}
          onClick={() => resend.mutate(postback.id)}
        >
          {t('postbacks.resend')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The postback log: each delivery with its attempts, and a resend. */
export function CpaPostbacks() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(0);
  const postbacks = useCpaPostbacks({ offset: page * PAGE, limit: PAGE });
  if (postbacks.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (postbacks.isError) return <Alert severity="error">{t('load-error')}</Alert>;
  if (postbacks.data.total === 0) return <Typography>{t('postbacks.empty')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {postbacks.data.items.map((postback) => (
        <PostbackCard key={postback.id} postback={postback} />
      ))}
      <CpaPager total={postbacks.data.total} page={page} onPage={setPage} />
    </Stack>
  );
}
