import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { NewsList } from '@meeet/core/api/news';
import { paths } from '../app/paths';
import { NewsCard } from './news-card.tsx';

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
  return (
    <Section id="news" title={title}>
      <Grid container spacing={2} data-testid="home-news">
        {news.map((item) => (
          <Grid key={item.id} size={{ xs: 12, md: 4 }}>
            <NewsCard item={item} />
          </Grid>
        ))}
      </Grid>
      <Button component={RouterLink} to={paths.news.list.getHref()} sx={{ mt: 2 }}>
        {allLabel}
      </Button>
    </Section>
  );
}
