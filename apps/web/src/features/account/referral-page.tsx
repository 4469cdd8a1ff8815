import { useState } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

type ReferralTab = 'main' | 'tree';

export default function ReferralPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ReferralTab>('main');
  return (
    <PagePlaceholder titleKey="page.account.referral">
      <Tabs value={tab} onChange={(_event, value: ReferralTab) => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="main" label={t('page.account.referral.main')} data-testid="referral-tab-main" />
        <Tab value="tree" label={t('page.account.referral.tree')} data-testid="referral-tab-tree" />
      </Tabs>
    </PagePlaceholder>
  );
}
