import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function LoginPage() {
  return <PagePlaceholder titleKey="page.auth.login" />;
}
