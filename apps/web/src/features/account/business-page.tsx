import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function BusinessPage() {
  return <PagePlaceholder titleKey="page.account.business" />;
}
