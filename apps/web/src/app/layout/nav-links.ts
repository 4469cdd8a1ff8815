import type { CommonKey } from '../../i18n/locales/en.ts';
import { paths } from '../paths.ts';

/** The public sections shown in the app bar and the mobile drawer. */
export const NAV_LINKS: ReadonlyArray<{ to: string; label: CommonKey }> = [
  { to: paths.market.getHref(), label: 'nav.market' },
  { to: paths.meetAndPlay.getHref(), label: 'nav.meet-and-play' },
  { to: paths.news.list.getHref(), label: 'nav.news' },
  { to: paths.help.faq.getHref(), label: 'nav.faq' },
  { to: paths.affiliates.getHref(), label: 'nav.affiliates' },
  { to: paths.support.getHref(), label: 'nav.support' },
];
