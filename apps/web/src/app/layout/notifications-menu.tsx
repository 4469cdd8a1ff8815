import { useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from '../../i18n/react.ts';
import { useNotificationsStore } from '../../lib/stores/notifications-store.ts';

/** The bell of the signed-in shell: unread count, and the recent notifications of this tab. */
export default function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const recent = useNotificationsStore((state) => state.recent);
  const markAllRead = useNotificationsStore((state) => state.markAllRead);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = recent.filter((entry) => !entry.read).length;
  const close = () => {
    setAnchor(null);
    markAllRead();
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('notifications.open', { count: unread })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        data-testid="notifications-button"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="primary" data-testid="notifications-unread">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
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
              close();
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
    </>
  );
}
