import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from '../../i18n/react.ts';
import { useNotificationsStore } from '../../lib/stores/notifications-store.ts';

// MUI's menu (popover, modal, transitions) loads when the bell is first reached for, not with
// every signed-in page: on a phone that was a large part of the work right after a page showed.
const loadList = () => import('./notifications-list.tsx');
const NotificationsList = lazy(loadList);

/** The bell of the signed-in shell: unread count, and the recent notifications of this tab. */
export default function NotificationsMenu() {
  const { t } = useTranslation();
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
        // A pointer on its way or the focus on it: the menu's code is fetched before the click.
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="primary" data-testid="notifications-unread">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsList anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
