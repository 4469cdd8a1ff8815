import { useRef } from 'react';
import { KeyboardAvoidingView, Platform, ScrollView, Text } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { displayName, peopleStore } from '../../lib/people.ts';
import { useSession } from '../../lib/session.ts';
import { useStore } from '../../lib/store.ts';
import { Button, Empty, ErrorBox, Loading, Screen, styles } from '../../components/ui.tsx';
import { PushOffer } from '../push/push-offer.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { useConversation } from './use-conversation.ts';

/**
 * One conversation: pages of history, live delivery, typing, read receipts, scam warnings.
 * The input stays at the bottom above the keyboard and the list scrolls to the newest message.
 * The title is the navigator's header (set by the route), so the screen draws none of its own.
 */
export function ChatScreen({ userId }: { userId: number }) {
  const { t } = useI18n();
  const me = useSession().auth?.user.id ?? 0;
  const other = useStore(peopleStore).get(userId);
  const { pages, messages, typing, otherReadId, sent } = useConversation(userId);
  const list = useRef<ScrollView>(null);
  // Showing earlier messages keeps the place instead of jumping to the newest.
  const showingOlder = useRef(false);

  const name = other ? displayName(other) : `#${userId}`;
  const wroteAny = messages.some((m) => m.senderId === me);
  return (
    <KeyboardAvoidingView
      behavior={Platform.OS === 'ios' ? 'padding' : undefined}
      keyboardVerticalOffset={Platform.OS === 'ios' ? 90 : 0}
      style={{ flex: 1 }}
    >
      <Screen scroll={false}>
        <ScrollView
          ref={list}
          style={{ flex: 1 }}
          contentContainerStyle={{ gap: 8, paddingBottom: 8 }}
          keyboardShouldPersistTaps="handled"
          onContentSizeChange={() => {
            if (!showingOlder.current) list.current?.scrollToEnd({ animated: false });
            showingOlder.current = false;
          }}
        >
          {pages.isPending ? <Loading /> : null}
          {pages.isError ? (
            <ErrorBox message={pages.error.message} onRetry={() => void pages.refetch()} />
          ) : null}
          {pages.hasNextPage ? (
            <Button
              label={t('m.chat.older')}
              variant="secondary"
              onPress={() => {
                showingOlder.current = true;
                void pages.fetchNextPage();
              }}
            />
          ) : null}
          {pages.isSuccess && messages.length === 0 ? <Empty text={t('m.chat.empty')} /> : null}
          <MessageList
            messages={messages}
            me={me}
            otherReadId={otherReadId}
            name={name}
            avatar={other?.avatar}
          />
          {typing ? <Text style={styles.muted}>{t('m.chat.typing', { name })}</Text> : null}
          {wroteAny ? <PushOffer name={name} /> : null}
        </ScrollView>
        <MessageComposer userId={userId} onSent={sent} />
      </Screen>
    </KeyboardAvoidingView>
  );
}
