import { useEffect, useMemo, useRef, useState } from 'react';
import { KeyboardAvoidingView, Platform, ScrollView, Text, TextInput, View } from 'react-native';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import * as Crypto from 'expo-crypto';
import {
  chatMessageSchema,
  meetPaths,
  messagePageSchema,
  type ChatMessage,
} from '@meeet/core/api/meet';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { displayName, peopleStore } from '../../lib/people.ts';
import { useSession } from '../../lib/session.ts';
import { emit, on } from '../../lib/socket.ts';
import { useStore } from '../../lib/store.ts';
import { Button, Empty, ErrorBox, Loading, Screen, styles } from '../../components/ui.tsx';
import { PushOffer } from '../push/push-offer.tsx';
import { conversationsKey } from './chats-screen.tsx';
import { MessageList } from './message-list.tsx';

const PAGE = 30;
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_500;

/**
 * One conversation: pages of history, live delivery, typing, read receipts, scam warnings.
 * The input stays at the bottom above the keyboard and the list scrolls to the newest message.
 * The title is the navigator's header (set by the route), so the screen draws none of its own.
 */
export function ChatScreen({ userId }: { userId: number }) {
  const { t } = useI18n();
  const me = useSession().auth?.user.id ?? 0;
  const other = useStore(peopleStore).get(userId);
  const client = useQueryClient();
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [otherReadLive, setOtherReadLive] = useState<number | null>(null);
  const lastTypingSent = useRef(0);
  const lastMarked = useRef(0);
  const list = useRef<ScrollView>(null);
  // Showing earlier messages keeps the place instead of jumping to the newest.
  const showingOlder = useRef(false);

  const pages = useInfiniteQuery({
    queryKey: ['meet', 'messages', userId],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.get(
          withUser(meetPaths.messages, userId),
          { limit: PAGE, ...(pageParam ? { before: pageParam } : {}) },
          messagePageSchema,
        ),
      ),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

  // Oldest first on screen; pages come newest first.
  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of pages.data?.pages ?? []) for (const m of page.list) byId.set(m.id, m);
    for (const m of live) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [pages.data, live]);
  const conversationId = messages[0]?.conversationId ?? null;
  const otherReadId = Math.max(otherReadLive ?? 0, pages.data?.pages[0]?.otherReadId ?? 0);

  useEffect(() => {
    const offMessage = on('chat:message', (message) => {
      const ours =
        conversationId !== null
          ? message.conversationId === conversationId
          : message.senderId === userId;
      if (!ours) return;
      setLive((previous) => [...previous, message]);
      if (message.senderId === userId) setTypingUntil(0);
    });
    const offTyping = on('chat:typing', (event) => {
      if (event.userId === userId) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    });
    const offRead = on('chat:read', (event) => {
      if (event.userId === userId) setOtherReadLive(event.readId);
    });
    return () => {
      offMessage();
      offTyping();
      offRead();
    };
  }, [conversationId, userId]);

  // Hide "typing…" once its time has passed.
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // Mark the newest message of the other person as read.
  const newestFromOther = [...messages].reverse().find((m) => m.senderId === userId)?.id ?? 0;
  useEffect(() => {
    if (newestFromOther <= lastMarked.current) return;
    lastMarked.current = newestFromOther;
    void api
      .post(withUser(meetPaths.read, userId), { messageId: newestFromOther })
      .then(() => client.invalidateQueries({ queryKey: conversationsKey }));
  }, [newestFromOther, userId, client]);

  function typed(text: string) {
    setDraft(text);
    if (Date.now() - lastTypingSent.current > TYPING_SENT_EVERY_MS) {
      lastTypingSent.current = Date.now();
      void emit('chat:typing', { userId });
    }
  }

  async function send() {
    const text = draft.trim();
    if (!text) return;
    setFailure(null);
    // The client id makes a resend return the stored message instead of a copy.
    const result = await api.post(
      withUser(meetPaths.messages, userId),
      { clientId: Crypto.randomUUID(), text },
      chatMessageSchema,
    );
    if (!result.ok) return setFailure(result.error);
    setDraft('');
    setLive((previous) => [...previous, result.data]);
  }

  const name = other ? displayName(other) : `#${userId}`;
  const lastMine = [...messages].reverse().find((m) => m.senderId === me);
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
          {typingUntil > 0 ? (
            <Text style={styles.muted}>{t('m.chat.typing', { name })}</Text>
          ) : null}
          {failure ? <ErrorBox message={failure} /> : null}
          {lastMine ? <PushOffer name={name} /> : null}
        </ScrollView>
        <View style={styles.row}>
          <TextInput
            accessibilityLabel={t('m.chat.placeholder')}
            placeholder={t('m.chat.placeholder')}
            placeholderTextColor="#a4abbd"
            value={draft}
            onChangeText={typed}
            onSubmitEditing={() => void send()}
            maxLength={2000}
            style={[styles.input, { flex: 1 }]}
          />
          <Button label={t('m.chat.send')} onPress={() => void send()} disabled={!draft.trim()} />
        </View>
      </Screen>
    </KeyboardAvoidingView>
  );
}
