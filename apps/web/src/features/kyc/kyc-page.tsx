import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function KycPage() {
  return <PagePlaceholder titleKey="page.kyc" />;
}
