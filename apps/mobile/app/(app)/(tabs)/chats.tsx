import { useRouter } from 'expo-router';
import { ChatsScreen } from '../../../src/features/chats/chats-screen.tsx';

export default function ChatsTab() {
  const router = useRouter();
  return <ChatsScreen onOpen={(userId) => router.push(`/chat/${userId}`)} />;
}
