import { useRouter } from 'expo-router';
import { RegisterScreen } from '../../src/features/auth/register-screen.tsx';

export default function Register() {
  const router = useRouter();
  return <RegisterScreen onSignIn={() => router.replace('/sign-in')} />;
}
