import { useState } from 'react';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { ReferralMain } from './referral/referral-main.tsx';
import { ReferralTree } from './referral/referral-tree.tsx';

type ReferralTab = 'main' | 'tree';

/** Account → Referral programme (spec §2): tabs Main and Referral tree. */
export default function ReferralPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ReferralTab>('main');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('page.account.referral')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: ReferralTab) => setTab(value)}
        sx={{ mb: 3 }}
        aria-label={t('page.account.referral')}
      >
        <Tab
          value="main"
          id="referral-tab-main"
          aria-controls="referral-panel"
          label={t('page.account.referral.main')}
          data-testid="referral-tab-main"
        />
        <Tab
          value="tree"
          id="referral-tab-tree"
          aria-controls="referral-panel"
          label={t('page.account.referral.tree')}
          data-testid="referral-tab-tree"
        />
      </Tabs>
      <div role="tabpanel" id="referral-panel" aria-labelledby={`referral-tab-${tab}`}>
        {tab === 'main' ? <ReferralMain /> : <ReferralTree />}
      </div>
    </Container>
  );
}
