import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function KycModerationPage() {
  return <PagePlaceholder titleKey="page.control.kyc" />;
}
