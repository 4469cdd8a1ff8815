import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useNews } from './api/list-news.ts';
import { NewsCard } from '../../components/news-card.tsx';
import { NS } from './i18n.ts';

const PAGE_SIZE = 12;

/** /news: everything published, newest first, a page at a time. */
export default function NewsPage() {
  const { t } = useTranslation(NS);
  const [offset, setOffset] = useState(0);
  const news = useNews(offset, PAGE_SIZE);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-testid="news-page">
      <Typography variant="h3" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      {news.isPending ? (
        <PageSpinner />
      ) : news.isError ? (
        <Alert severity="error">{t('load-error')}</Alert>
      ) : news.data.list.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <>
          <Grid container spacing={2}>
            {news.data.list.map((item) => (
              <Grid key={item.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <NewsCard item={item} />
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
            <Button
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            >
              {t('prev')}
            </Button>
            <Button
              disabled={offset + PAGE_SIZE >= news.data.total}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              {t('next')}
            </Button>
          </Stack>
        </>
      )}
    </Container>
  );
}
