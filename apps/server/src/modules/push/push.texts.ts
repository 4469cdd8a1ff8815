import type { ChatMessage } from '@meeet/core/api/meet';
import type { PushKind } from '@meeet/core/api/push';
import { translate } from '@meeet/core/i18n/translate';
import type { PushComposer } from './push.service.ts';

/** The app's name: the title of pushes that repeat an in-app notification. */
const APP_TITLE = 'MEEET';

/** A chat message: the sender in the title (in the recipient's language), the text below. */
export function chatPush(
  sender: { id: number; firstName: string | null; domain: string | null } | undefined,
  message: ChatMessage,
): PushComposer {
  const name = sender?.firstName || sender?.domain || `#${message.senderId}`;
  return (locale) => ({
    title: translate(locale, 'push.message-title', { name }),
    body: message.text,
    data: { kind: 'messages', link: `/chat/${message.senderId}` },
    threadId: `chat-${message.conversationId}`,
  });
}

/** A notification already worded in the user's language (KYC, wallet, meetings), as a push. */
export function noticePush(kind: PushKind, text: string, link?: string): PushComposer {
  return () => ({ title: APP_TITLE, body: text, data: link ? { kind, link } : { kind } });
}

/** A news item as it comes out: titled as news, its title in the reader's language below. */
export function newsPush(item: { titleEn: string; titleRu: string }): PushComposer {
  return (locale) => ({
    title: translate(locale, 'push.news-title'),
    body: locale === 'ru' ? item.titleRu : item.titleEn,
    data: { kind: 'news' },
  });
}
