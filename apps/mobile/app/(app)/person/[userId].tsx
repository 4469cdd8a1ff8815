import { useLocalSearchParams, useRouter } from 'expo-router';
import { PersonScreen } from '../../../src/features/person/person-screen.tsx';

export default function Person() {
  const router = useRouter();
  const { userId } = useLocalSearchParams<{ userId: string }>();
  return (
    <PersonScreen
      userId={Number(userId)}
      onChat={(id) => router.push(`/chat/${id}`)}
      onBlocked={() => undefined}
    />
  );
}
