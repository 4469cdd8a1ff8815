import { useLocalSearchParams } from 'expo-router';
import { ChatScreen } from '../../../src/features/chats/chat-screen.tsx';

export default function Chat() {
  const { userId } = useLocalSearchParams<{ userId: string }>();
  return <ChatScreen userId={Number(userId)} />;
}
