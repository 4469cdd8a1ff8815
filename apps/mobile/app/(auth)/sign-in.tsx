import { useRouter } from 'expo-router';
import { SignInScreen } from '../../src/features/auth/sign-in-screen.tsx';

export default function SignIn() {
  const router = useRouter();
  return (
    <SignInScreen
      onRegister={() => router.replace('/register')}
      onRecovery={() => router.push('/recovery')}
    />
  );
}
