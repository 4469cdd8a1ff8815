import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function MarketPage() {
  return <PagePlaceholder titleKey="page.market" />;
}
