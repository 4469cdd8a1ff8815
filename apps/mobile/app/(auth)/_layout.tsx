import { Redirect, Stack } from 'expo-router';
import { useSession } from '../../src/lib/session.ts';

/** Guest only (spec §2): a signed-in user goes to the app. */
export default function AuthLayout() {
  const { auth } = useSession();
  if (auth) return <Redirect href="/" />;
  return <Stack screenOptions={{ headerShown: false }} />;
}
