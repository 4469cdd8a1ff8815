import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import type { CommonKey } from '../../i18n/locales/en.ts';
import { useTranslation } from '../../i18n/react.ts';
import { hasRole, Role } from '@meeet/core/roles';
import { signOut } from '../../lib/sign-out.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { paths } from '../paths.ts';

/** The menu's links; `staffOnly` ones are shown to moderators and above. */
const ACCOUNT_LINKS: ReadonlyArray<{
  to: string;
  label: CommonKey;
  testId: string;
  Icon: typeof PersonIcon;
  staffOnly?: boolean;
}> = [
  {
    to: paths.account.data.getHref(),
    label: 'page.account.data',
    testId: 'nav-account-data',
    Icon: PersonIcon,
  },
  {
    to: paths.account.market.getHref(),
    label: 'nav.wallet',
    testId: 'nav-account-wallet',
    Icon: AccountBalanceWalletIcon,
  },
  {
    to: paths.control.root.getHref(),
    label: 'nav.control',
    testId: 'nav-account-control',
    Icon: AdminPanelSettingsIcon,
    staffOnly: true,
  },
];

/** The signed-in user's menu in the header; its own chunk, loaded on first open. */
export default function AccountMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const role = useAuthStore((state) => state.user?.role);
  // The client only hides what a role cannot use; the server checks every call.
  const isStaff = role !== undefined && hasRole(role, Role.MODERATOR);
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-label': t('nav.account'), 'data-testid': 'nav-account-menu' } as object,
      }}
    >
      {ACCOUNT_LINKS.filter((link) => isStaff || !link.staffOnly).map((link) => (
        <MenuItem
          key={link.testId}
          component={RouterLink}
          to={link.to}
          onClick={onClose}
          data-testid={link.testId}
        >
          <ListItemIcon>
            <link.Icon fontSize="small" />
          </ListItemIcon>
          {t(link.label)}
        </MenuItem>
      ))}
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
        data-testid="nav-logout"
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {t('nav.logout')}
      </MenuItem>
    </Menu>
  );
}
