import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function ControlCpaPage() {
  return <PagePlaceholder titleKey="page.control.cpa" />;
}
