import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function UpdateProfilePage() {
  return <PagePlaceholder titleKey="page.auth.update-profile" />;
}
