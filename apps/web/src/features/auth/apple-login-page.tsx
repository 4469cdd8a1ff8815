import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function AppleLoginPage() {
  return <PagePlaceholder titleKey="page.apple-login" />;
}
