import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function CpaPage() {
  return <PagePlaceholder titleKey="page.cpa" />;
}
