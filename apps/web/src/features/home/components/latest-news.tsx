import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mediaPaths } from '@meeet/core/api/media-paths';
import type { NewsList } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { paths } from '../../../app/paths';
import { api, buildUrl } from '../../../lib/api-client';
import { NS } from '../i18n';
import Section from './section';

const LATEST = 3;

/**
 * The latest published news. Fetched with the plain client after the page shows: the first
 * visit to / carries neither the query library nor the news schemas.
 */
export default function LatestNews() {
  const { t, i18n } = useTranslation(NS);
  const [news, setNews] = useState<NewsList['list']>([]);
  useEffect(() => {
    let live = true;
    void api.get<NewsList>(newsPaths.list, { limit: LATEST }).then((result) => {
      if (live && result.ok) setNews(result.data.list);
    });
    return () => {
      live = false;
    };
  }, []);
  if (news.length === 0) return null;
  const ru = i18n.language.startsWith('ru');
  return (
    <Section id="news" title={t('news.title')}>
      <Grid container spacing={2} data-testid="home-news">
        {news.map((item) => (
          <Grid key={item.id} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={paths.news.item.getHref(item.id)}
                sx={{ height: '100%' }}
              >
                {item.coverId && (
                  <CardMedia
                    component="img"
                    height="160"
                    image={buildUrl(mediaPaths.image(item.coverId, 'medium'))}
                    alt=""
                    loading="lazy"
                  />
                )}
                <CardContent>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {new Date(item.publishAt).toLocaleDateString(i18n.language)}
                  </Typography>
                  <Typography variant="h6" component="h3">
                    {ru ? item.titleRu : item.titleEn}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Button component={RouterLink} to={paths.news.list.getHref()} sx={{ mt: 2 }}>
        {t('news.all')}
      </Button>
    </Section>
  );
}
