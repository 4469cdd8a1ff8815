import { NotificationsScreen } from '../../src/features/notifications/notifications-screen.tsx';

export default function Notifications() {
  return <NotificationsScreen />;
}
