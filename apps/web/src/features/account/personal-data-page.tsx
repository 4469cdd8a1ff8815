import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function PersonalDataPage() {
  return <PagePlaceholder titleKey="page.account.data" />;
}
