import { useRouter } from 'expo-router';
import { SettingsScreen } from '../../../src/features/settings/settings-screen.tsx';

export default function SettingsTab() {
  const router = useRouter();
  return (
    <SettingsScreen
      onNotifications={() => router.push('/notifications')}
      onDeleteAccount={() => router.push('/account-deletion')}
      onKyc={() => router.push('/kyc')}
    />
  );
}
