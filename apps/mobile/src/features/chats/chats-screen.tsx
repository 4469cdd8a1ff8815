import { useEffect } from 'react';
import { Pressable, Text, View } from 'react-native';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationListSchema, meetPaths } from '@meeet/core/api/meet';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { displayName, rememberPeople } from '../../lib/people.ts';
import { on } from '../../lib/socket.ts';
import { Empty, ErrorBox, Loading, Screen, styles } from '../../components/ui.tsx';

export const conversationsKey = ['meet', 'conversations'] as const;

export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: async () => {
      const data = await unwrap(
        api.get(meetPaths.conversations, undefined, conversationListSchema),
      );
      rememberPeople(data.list.map((conversation) => conversation.other));
      return data.list;
    },
  });
}

/** Conversations with the other person's card, the last message and the unread count. */
export function ChatsScreen({ onOpen }: { onOpen: (userId: number) => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const conversations = useConversations();

  // A new message anywhere changes the list's order and counts: fetch it again.
  useEffect(
    () => on('chat:message', () => void client.invalidateQueries({ queryKey: conversationsKey })),
    [client],
  );

  return (
    <Screen title={t('m.chats.title')}>
      {conversations.isPending ? <Loading /> : null}
      {conversations.isError ? (
        <ErrorBox
          message={conversations.error.message}
          onRetry={() => void conversations.refetch()}
        />
      ) : null}
      {conversations.data?.length === 0 ? <Empty text={t('m.chats.empty')} /> : null}
      {conversations.data?.map((conversation) => (
        <Pressable
          key={conversation.id}
          accessibilityRole="button"
          accessibilityLabel={displayName(conversation.other)}
          onPress={() => onOpen(conversation.other.userId)}
          style={{ backgroundColor: '#1b1d24', borderRadius: 12, padding: 12, gap: 4 }}
        >
          <View style={[styles.row, { justifyContent: 'space-between' }]}>
            <Text style={[styles.text, { fontWeight: '600' }]}>
              {displayName(conversation.other)}
              {conversation.other.verified ? ' ✓' : ''}
            </Text>
            {conversation.unread > 0 ? (
              <Text style={{ color: '#1f6bff', fontWeight: '700' }}>
                {t('m.chats.unread', { count: conversation.unread })}
              </Text>
            ) : null}
          </View>
          <Text style={styles.muted} numberOfLines={1}>
            {conversation.lastMessage?.text ?? t('m.chats.no-messages')}
          </Text>
        </Pressable>
      ))}
    </Screen>
  );
}
