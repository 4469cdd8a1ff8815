import { useRouter } from 'expo-router';
import { RecoveryScreen } from '../../src/features/auth/recovery-screen.tsx';

export default function Recovery() {
  const router = useRouter();
  return <RecoveryScreen onSignIn={() => router.replace('/sign-in')} />;
}
