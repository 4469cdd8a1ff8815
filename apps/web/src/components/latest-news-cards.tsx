import type { ComponentType, ReactNode } from 'react';
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
import { paths } from '../app/paths';
import { buildUrl } from '../lib/api-client';

/**
 * The latest published news as cards linking to their pages. Outside the home feature so the
 * cards form their own chunk, fetched only when there is news to show.
 */
export default function LatestNewsCards({
  news,
  title,
  allLabel,
  Section,
}: {
  news: NewsList['list'];
  title: string;
  allLabel: string;
  /** The page's own section frame (heading, anchor, spacing). */
  Section: ComponentType<{ id: string; title?: string; children: ReactNode }>;
}) {
  const { i18n } = useTranslation();
  const ru = i18n.language.startsWith('ru');
  return (
    <Section id="news" title={title}>
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
        {allLabel}
      </Button>
    </Section>
  );
}
