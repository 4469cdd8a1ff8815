import { useTranslation } from '../../i18n/react.ts';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { paths } from '../../app/paths.ts';
import { SectionTabsLayout } from '../../components/section-tabs-layout.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isAdmin } from '../../lib/roles.ts';

const SECTIONS: ReadonlyArray<{ to: string; label: CommonKey; adminOnly: boolean }> = [
  { to: paths.control.monitor.getHref(), label: 'page.control.monitor', adminOnly: true },
  { to: paths.control.users.getHref(), label: 'page.control.users', adminOnly: false },
  { to: paths.control.kyc.getHref(), label: 'page.control.kyc', adminOnly: false },
  { to: paths.control.businessQueue.getHref(), label: 'page.control.business', adminOnly: false },
  { to: paths.control.reports.getHref(), label: 'page.control.reports', adminOnly: false },
  { to: paths.control.meetings.getHref(), label: 'page.control.meetings', adminOnly: false },
  { to: paths.control.campaigns.getHref(), label: 'page.control.campaigns', adminOnly: false },
  { to: paths.control.news.getHref(), label: 'page.control.news', adminOnly: true },
  { to: paths.control.cpa.getHref(), label: 'page.control.cpa', adminOnly: true },
  { to: paths.control.ads.getHref(), label: 'page.control.ads', adminOnly: true },
];

/** The control panel: one tab per tool the caller's role may use, the tool below. */
export default function ControlLayout() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const admin = isAdmin(me.data?.role);
  return (
    <SectionTabsLayout
      label={t('page.control')}
      sections={SECTIONS.filter((section) => admin || !section.adminOnly).map((section) => ({
        to: section.to,
        label: t(section.label),
      }))}
      match="prefix"
    />
  );
}
