import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { meetPaths, messagePageSchema, type ChatMessage } from '@meeet/core/api/meet';
import { api, unwrap } from '../../lib/api.ts';
import { withUser } from '../../lib/paths.ts';
import { on } from '../../lib/socket.ts';
import { conversationsKey } from './chats-screen.tsx';

const PAGE = 30;
const TYPING_SHOWN_MS = 4_000;

/** Pages of a conversation's history, newest page first. */
function useMessagePages(userId: number) {
  return useInfiniteQuery({
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
}

/** Marks the newest message of the other person as read, once each. */
function useMarkRead(userId: number, messages: readonly ChatMessage[]) {
  const client = useQueryClient();
  const lastMarked = useRef(0);
  const newestFromOther = [...messages].reverse().find((m) => m.senderId === userId)?.id ?? 0;
  useEffect(() => {
    if (newestFromOther <= lastMarked.current) return;
    lastMarked.current = newestFromOther;
    void api
      .post(withUser(meetPaths.read, userId), { messageId: newestFromOther })
      .then(() => client.invalidateQueries({ queryKey: conversationsKey }));
  }, [newestFromOther, userId, client]);
}

/**
 * One conversation with `userId` as the screen shows it: the history's pages and the messages
 * delivered live since, oldest first; whether the other person is typing; how far they have
 * read. What the other person sent is marked read as it arrives.
 */
export function useConversation(userId: number) {
  const pages = useMessagePages(userId);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [typingUntil, setTypingUntil] = useState(0);
  const [otherReadLive, setOtherReadLive] = useState<number | null>(null);

  // Oldest first on screen; pages come newest first.
  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of pages.data?.pages ?? []) for (const m of page.list) byId.set(m.id, m);
    for (const m of live) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [pages.data, live]);
  const conversationId = messages[0]?.conversationId ?? null;

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

  useMarkRead(userId, messages);

  return {
    pages,
    messages,
    typing: typingUntil > 0,
    otherReadId: Math.max(otherReadLive ?? 0, pages.data?.pages[0]?.otherReadId ?? 0),
    /** A message the caller sent, shown at once (the socket may deliver it again: kept once). */
    sent: (message: ChatMessage) => setLive((previous) => [...previous, message]),
  };
}
