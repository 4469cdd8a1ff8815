import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageSpinner } from './page-spinner.tsx';

export interface SectionTab {
  to: string;
  /** Already translated. */
  label: string;
}

/**
 * A section's layout: one tab per sub-page (links, scrollable on a phone), the sub-page below.
 * `match` says which tab the address selects: the one it equals (`exact`, a trailing slash
 * aside), or the one it starts with (`prefix`, for sub-pages with pages of their own).
 * A sub-page still loading waits below the tabs: hidden while the page's chunk came (the
 * layout's own boundary), the tabs measured themselves as cut and kept their scroll arrows.
 */
export function SectionTabsLayout({
  label,
  sections,
  match,
}: {
  /** The tab list's accessible name. */
  label: string;
  sections: readonly SectionTab[];
  match: 'exact' | 'prefix';
}) {
  const { pathname } = useLocation();
  const current =
    sections.find((section) =>
      match === 'exact'
        ? section.to === pathname.replace(/\/$/, '')
        : pathname.startsWith(section.to),
    )?.to ?? false;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <Tabs
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          // Phones too: the arrows show there are more sections beyond the screen's edge.
          allowScrollButtonsMobile
          aria-label={label}
        >
          {sections.map((section) => (
            <Tab
              key={section.to}
              value={section.to}
              label={section.label}
              component={NavLink}
              to={section.to}
              end={match === 'exact'}
              sx={{ whiteSpace: 'nowrap', minWidth: 'auto' }}
            />
          ))}
        </Tabs>
      </Container>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
