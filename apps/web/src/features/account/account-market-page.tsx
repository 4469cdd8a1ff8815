import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function AccountMarketPage() {
  return <PagePlaceholder titleKey="page.account.market" />;
}
