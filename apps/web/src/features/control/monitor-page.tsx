import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function MonitorPage() {
  return <PagePlaceholder titleKey="page.control.monitor" />;
}
