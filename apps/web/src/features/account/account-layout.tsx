import { useTranslation } from '../../i18n/react.ts';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { paths } from '../../app/paths.ts';
import { SectionTabsLayout } from '../../components/section-tabs-layout.tsx';

const SECTIONS: ReadonlyArray<{ to: string; label: CommonKey }> = [
  { to: paths.account.data.getHref(), label: 'page.account.data' },
  { to: paths.account.market.getHref(), label: 'page.account.market' },
  { to: paths.account.business.getHref(), label: 'page.account.business' },
  { to: paths.account.referral.getHref(), label: 'page.account.referral' },
  { to: paths.account.cpa.getHref(), label: 'page.account.cpa' },
  { to: paths.account.security.getHref(), label: 'page.account.security' },
];

/** Spec §2 account menu: one tab per sub-page, the page below. */
export default function AccountLayout() {
  const { t } = useTranslation();
  return (
    <SectionTabsLayout
      label={t('page.account')}
      sections={SECTIONS.map((section) => ({ to: section.to, label: t(section.label) }))}
      match="exact"
    />
  );
}
