import { NavLink, Outlet, useLocation } from 'react-router';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { paths } from '../../app/paths.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isAdmin } from '../../lib/roles.ts';

const SECTIONS: ReadonlyArray<{ to: string; label: CommonKey; adminOnly: boolean }> = [
  { to: paths.control.monitor.getHref(), label: 'page.control.monitor', adminOnly: true },
  { to: paths.control.kyc.getHref(), label: 'page.control.kyc', adminOnly: false },
  { to: paths.control.reports.getHref(), label: 'page.control.reports', adminOnly: false },
  { to: paths.control.news.getHref(), label: 'page.control.news', adminOnly: true },
  { to: paths.control.cpa.getHref(), label: 'page.control.cpa', adminOnly: true },
  { to: paths.control.ads.getHref(), label: 'page.control.ads', adminOnly: true },
];

export default function ControlLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const admin = isAdmin(me.data?.role);
  const sections = SECTIONS.filter((section) => admin || !section.adminOnly);
  const current = sections.find((section) => pathname.startsWith(section.to))?.to ?? false;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Tabs
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('page.control')}
        >
          {sections.map((section) => (
            <Tab
              key={section.to}
              value={section.to}
              label={t(section.label)}
              component={NavLink}
              to={section.to}
            />
          ))}
        </Tabs>
      </Container>
      <Outlet />
    </>
  );
}
