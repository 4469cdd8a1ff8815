import { Stack, useLocalSearchParams } from 'expo-router';
import { ChatScreen } from '../../../src/features/chats/chat-screen.tsx';
import { displayName, peopleStore } from '../../../src/lib/people.ts';
import { useStore } from '../../../src/lib/store.ts';

export default function Chat() {
  const { userId } = useLocalSearchParams<{ userId: string }>();
  const id = Number(userId);
  const other = useStore(peopleStore).get(id);
  // One header: the navigator's, named after the other person.
  return (
    <>
      <Stack.Screen options={{ title: other ? displayName(other) : `#${id}` }} />
      <ChatScreen userId={id} />
    </>
  );
}
