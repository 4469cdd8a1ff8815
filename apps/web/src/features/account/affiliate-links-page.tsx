import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function AffiliateLinksPage() {
  return <PagePlaceholder titleKey="page.account.cpa" />;
}
