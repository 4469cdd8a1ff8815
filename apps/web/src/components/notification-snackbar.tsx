import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from '../i18n/react.ts';
import { useNotificationsStore } from '../lib/stores/notifications-store.ts';

/** Shows the current push notification (spec §3); loaded only once something is notified. */
export default function NotificationSnackbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notification = useNotificationsStore((state) => state.notification);
  const hide = useNotificationsStore((state) => state.hide);
  if (!notification) return null;
  const { link } = notification;
  return (
    <Snackbar
      key={notification.timestamp}
      open={notification.show}
      autoHideDuration={notification.timeout}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') hide();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notification.color}
        variant="filled"
        onClose={hide}
        data-testid="notification"
        sx={{ width: '100%' }}
        action={
          link ? (
            <Button
              color="inherit"
              size="small"
              data-testid="notification-open"
              onClick={() => {
                hide();
                void navigate(link);
              }}
            >
              {t('notifications.go')}
            </Button>
          ) : undefined
        }
      >
        {notification.text}
      </Alert>
    </Snackbar>
  );
}
