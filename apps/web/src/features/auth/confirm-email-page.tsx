import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function ConfirmEmailPage() {
  return <PagePlaceholder titleKey="page.auth.confirm-email" />;
}
