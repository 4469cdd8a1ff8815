import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNotificationsStore } from '../lib/stores/notifications-store.ts';

/** Shows the current push notification (spec §3); loaded only once something is notified. */
export default function NotificationSnackbar() {
  const notification = useNotificationsStore((state) => state.notification);
  const hide = useNotificationsStore((state) => state.hide);
  if (!notification) return null;
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
      <Alert severity={notification.color} variant="filled" onClose={hide} sx={{ width: '100%' }}>
        {notification.text}
      </Alert>
    </Snackbar>
  );
}
