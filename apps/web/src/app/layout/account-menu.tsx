import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from '../../i18n/react.ts';
import { hasRole, Role } from '@meeet/core/roles';
import { signOut } from '../../lib/sign-out.ts';
import { useAuthStore } from '../../lib/stores/auth-store.ts';
import { paths } from '../paths.ts';

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
      <MenuItem
        component={RouterLink}
        to={paths.account.data.getHref()}
        onClick={onClose}
        data-testid="nav-account-data"
      >
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        {t('page.account.data')}
      </MenuItem>
      <MenuItem
        component={RouterLink}
        to={paths.account.market.getHref()}
        onClick={onClose}
        data-testid="nav-account-wallet"
      >
        <ListItemIcon>
          <AccountBalanceWalletIcon fontSize="small" />
        </ListItemIcon>
        {t('nav.wallet')}
      </MenuItem>
      {isStaff && (
        <MenuItem
          component={RouterLink}
          to={paths.control.root.getHref()}
          onClick={onClose}
          data-testid="nav-account-control"
        >
          <ListItemIcon>
            <AdminPanelSettingsIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.control')}
        </MenuItem>
      )}
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
