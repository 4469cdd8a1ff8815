import { lazy, Suspense, useEffect, useState } from 'react';
import type { NewsList } from '@meeet/core/api/news';
import { newsPaths } from '@meeet/core/api/news-paths';
import { useTranslation } from '../../../i18n/react.ts';
import { api } from '../../../lib/api-client';
import { NS } from '../i18n';
import Section from './section';

const LATEST = 3;
// The cards (and the MUI parts they use) load only when there is news to show.
const LatestNewsCards = lazy(() => import('../../../components/latest-news-cards'));

/**
 * The latest published news. Fetched with the plain client after the page shows: the first
 * visit to / carries neither the query library nor the news schemas, nor the cards while
 * there is no news.
 */
export default function LatestNews() {
  const { t } = useTranslation(NS);
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
  return (
    <Suspense fallback={null}>
      <LatestNewsCards
        news={news}
        title={t('news.title')}
        allLabel={t('news.all')}
        Section={Section}
      />
    </Suspense>
  );
}
