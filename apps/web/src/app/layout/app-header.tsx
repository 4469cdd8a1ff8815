import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, NavLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../i18n/react.ts';
import { BRAND, MOBILE_BELOW } from '@meeet/core/constants';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { QuietBoundary } from '../../components/quiet-boundary.tsx';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { useUiStore } from '../../lib/stores/ui-store.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { paths } from '../paths.ts';
import { NAV_LINKS } from './nav-links.ts';

// The drawer (and MUI's modal machinery) is fetched the first time someone opens the menu.
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer.tsx'));
// Likewise the account menu (MUI's Menu) for signed-in users.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
// And the notifications bell, which only signed-in users have.
const NotificationsMenu = lazy(() => import('./notifications-menu.tsx'));

/** The sticky top bar: menu button (narrow), brand, main links (wide), language, account. */
export function AppHeader({ transparent }: { transparent: boolean }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  // The prerendered landing pages show the signed-out header; a stored session shows right
  // after hydration (lib/hydration.ts).
  const hydrated = useHydrated();
  const storedToken = useAuthStore((state) => state.token);
  const token = hydrated ? storedToken : null;
  const navbarOpen = useUiStore((state) => state.navbarOpen);
  const setNavbarOpen = useUiStore((state) => state.setNavbarOpen);

  return (
    <AppBar
      position="sticky"
      color="transparent"
      sx={{
        bgcolor: transparent ? 'rgba(11, 11, 15, 0.6)' : 'background.default',
        backdropFilter: 'blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, lg: 68 } }}>
        {/* The menu button or the links by the width in CSS, not in script: the same markup
            then suits every width, prerendered or not. */}
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('nav.open-menu')}
          data-testid="nav-menu-button"
          onClick={() => setNavbarOpen(true)}
          sx={(theme) => ({ [theme.breakpoints.up(MOBILE_BELOW)]: { display: 'none' } })}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to={paths.home.getHref()}
          variant="h6"
          sx={{
            fontFamily: '"Montserrat", "Montserrat Fallback", sans-serif',
            fontWeight: 700,
            color: 'text.primary',
            textDecoration: 'none',
            mr: 2,
          }}
        >
          {BRAND}
        </Typography>
        <MainNav />
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitcher />
        <AccountArea token={token} />
      </Toolbar>
      {isMobile && navbarOpen && (
        <Deferred>
          <MobileNavDrawer onClose={() => setNavbarOpen(false)} />
        </Deferred>
      )}
    </AppBar>
  );
}

/** The main links, shown on wide screens (CSS hides them below MOBILE_BELOW). */
function MainNav() {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={(theme) => ({
        display: 'flex',
        gap: 0.5,
        [theme.breakpoints.down(MOBILE_BELOW)]: { display: 'none' },
      })}
    >
      {NAV_LINKS.map((link) => (
        <Button
          key={link.to}
          component={NavLink}
          to={link.to}
          color="inherit"
          // One line per item: Russian labels are longer and would otherwise wrap.
          sx={{
            color: 'text.secondary',
            whiteSpace: 'nowrap',
            flexShrink: 0,
            '&.active': { color: 'text.primary' },
          }}
        >
          {t(link.label)}
        </Button>
      ))}
    </Box>
  );
}

/** Signed in: the notifications bell, the account button and its menu; else "log in". */
function AccountArea({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {token && (
        <Deferred>
          <NotificationsMenu />
        </Deferred>
      )}
      {token ? (
        <Button
          variant="contained"
          aria-haspopup="menu"
          aria-expanded={accountAnchor ? 'true' : 'false'}
          data-testid="nav-account"
          onClick={(event) => setAccountAnchor(event.currentTarget)}
          sx={{ ml: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('nav.account')}
        </Button>
      ) : (
        <Button
          component={RouterLink}
          to={paths.auth.login.getHref()}
          variant="contained"
          data-testid="nav-login"
          sx={{ ml: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('nav.login')}
        </Button>
      )}
      {token && accountAnchor && (
        <Deferred>
          <AccountMenu anchor={accountAnchor} onClose={() => setAccountAnchor(null)} />
        </Deferred>
      )}
    </>
  );
}

/** A part fetched on first use: nothing while it loads, and nothing if it fails to. */
function Deferred({ children }: { children: ReactNode }) {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  );
}
