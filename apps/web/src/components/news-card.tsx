import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';
import { mediaPaths } from '@meeet/core/api/media-paths';
import type { NewsItem } from '@meeet/core/api/news';
import { paths } from '../app/paths.ts';
import { buildUrl } from '../lib/api-client.ts';
import { useFormat } from '../lib/format.ts';

/**
 * One news item as a card: cover, date and title in the reader's language, leading to the
 * item's page. Shared by the news list and the home page's latest news.
 */
export function NewsCard({ item }: { item: NewsItem }) {
  const { i18n } = useTranslation();
  const fmt = useFormat();
  const title = i18n.language.startsWith('ru') ? item.titleRu : item.titleEn;
  return (
    <Card variant="outlined" data-testid="news-card" sx={{ height: '100%' }}>
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
            {fmt.date(item.publishAt)}
          </Typography>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
