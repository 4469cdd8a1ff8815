import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function RecoveryPage() {
  return <PagePlaceholder titleKey="page.auth.recovery" />;
}
