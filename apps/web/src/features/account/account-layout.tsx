import { NavLink, Outlet, useLocation } from 'react-router';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { paths } from '../../app/paths.ts';

const SECTIONS: ReadonlyArray<{ to: string; label: CommonKey }> = [
  { to: paths.account.data.getHref(), label: 'page.account.data' },
  { to: paths.account.market.getHref(), label: 'page.account.market' },
  { to: paths.account.business.getHref(), label: 'page.account.business' },
  { to: paths.account.referral.getHref(), label: 'page.account.referral' },
  { to: paths.account.cpa.getHref(), label: 'page.account.cpa' },
];

/** Spec §2 account menu: one tab per sub-page, the page below. */
export default function AccountLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current =
    SECTIONS.find((section) => section.to === pathname.replace(/\/$/, ''))?.to ?? false;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Tabs
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          // Phones too: the arrows show there are more sections beyond the screen's edge.
          allowScrollButtonsMobile
          aria-label={t('page.account')}
          data-testid="account-tabs"
        >
          {SECTIONS.map((section) => (
            <Tab
              key={section.to}
              value={section.to}
              label={t(section.label)}
              component={NavLink}
              to={section.to}
              end
              sx={{ whiteSpace: 'nowrap', minWidth: 'auto' }}
            />
          ))}
        </Tabs>
      </Container>
      <Outlet />
    </>
  );
}
