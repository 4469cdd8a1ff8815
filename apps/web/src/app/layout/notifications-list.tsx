import { useNavigate } from 'react-router';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from '../../i18n/react.ts';
import { useNotificationsStore } from '../../lib/stores/notifications-store.ts';

/** The bell's menu: the recent notifications of this tab (fetched the first time it opens). */
export default function NotificationsList({
  anchor,
  onClose,
}: {
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const recent = useNotificationsStore((state) => state.recent);
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('notifications.title'), dense: true } }}
      data-testid="notifications-menu"
    >
      {recent.length === 0 && <MenuItem disabled>{t('notifications.empty')}</MenuItem>}
      {recent.map((entry) => (
        <MenuItem
          key={entry.id}
          data-testid="notifications-item"
          selected={!entry.read}
          onClick={() => {
            onClose();
            if (entry.link) void navigate(entry.link);
          }}
          sx={{ whiteSpace: 'normal', maxWidth: 360 }}
        >
          <ListItemText
            primary={entry.text}
            secondary={new Date(entry.timestamp).toLocaleTimeString(i18n.language)}
          />
        </MenuItem>
      ))}
    </Menu>
  );
}
