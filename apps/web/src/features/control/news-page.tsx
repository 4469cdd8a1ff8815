import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

/** /control/news is the add form; /control/news/:id the edit form of that news item. */
export default function NewsPage() {
  const { id } = useParams();
  return id ? (
    <PagePlaceholder titleKey="page.control.news-edit" titleParams={{ id }} />
  ) : (
    <PagePlaceholder titleKey="page.control.news" />
  );
}
