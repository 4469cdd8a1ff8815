import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { paths } from '../../app/paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { buildUrl } from '../../lib/api-client.ts';
import { useNewsItem } from './api/get-news-item.ts';
import { NS } from './i18n.ts';
import { localized } from './localized.ts';
import { useFormat } from '../../lib/format.ts';

const MarkdownText = lazy(() => import('../../components/markdown-text.tsx'));

/** /news/{id}: one published item in the reader's language. */
export default function NewsItemPage() {
  const { t, i18n } = useTranslation(NS);
  const fmt = useFormat();
  const id = Number(useParams().id);
  const item = useNewsItem(id);
  const back = (
    <Button component={RouterLink} to={paths.news.list.getHref()} sx={{ mb: 2 }}>
      {t('back')}
    </Button>
  );
  if (item.isPending) return <PageSpinner />;
  if (!item.data) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        {back}
        <Alert severity={item.isError ? 'error' : 'info'}>
          {t(item.isError ? 'load-error' : 'not-found')}
        </Alert>
      </Container>
    );
  }
  const { title, body } = localized(item.data, i18n.language);
  return (
    <Container
      maxWidth="md"
      component="article"
      sx={{ py: { xs: 3, md: 5 } }}
      data-testid="news-item"
    >
      {back}
      <Typography variant="caption" color="text.secondary" component="p">
        {fmt.dateTime(item.data.publishAt)}
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom data-testid="news-title">
        {title}
      </Typography>
      {item.data.coverId && (
        <Box
          component="img"
          src={buildUrl(mediaPaths.image(item.data.coverId, 'large'))}
          alt=""
          data-testid="news-cover"
          sx={{ width: '100%', borderRadius: 2, mb: 2 }}
        />
      )}
      <Suspense fallback={<PageSpinner />}>
        <MarkdownText text={body} />
      </Suspense>
    </Container>
  );
}
