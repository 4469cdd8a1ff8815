import { Image, Text, View } from 'react-native';
import type { ChatMessage } from '@meeet/core/api/meet';
import { calendarDaysAgo, formatDate, formatTime } from '@meeet/core/format/date';
import { apiOrigin } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { styles } from '../../components/ui.tsx';

type Translate = ReturnType<typeof useI18n>['t'];
type Locale = ReturnType<typeof useI18n>['locale'];

/** "Today", "Yesterday" or the date, above the first message of each day. */
function dayLabel(createdAt: string, t: Translate, locale: Locale): string {
  const ago = calendarDaysAgo(createdAt);
  if (ago === 0) return t('m.chat.today');
  if (ago === 1) return t('m.chat.yesterday');
  return formatDate(createdAt, locale);
}

function ScamWarning({ message }: { message: ChatMessage }) {
  const { t } = useI18n();
  return (
    <View
      accessibilityRole="alert"
      style={{
        backgroundColor: '#3d2f12',
        borderColor: '#ffb74d',
        borderWidth: 1,
        borderRadius: 10,
        padding: 10,
        gap: 4,
      }}
    >
      <Text style={[styles.text, { fontWeight: '700', color: '#ffb74d' }]}>
        ⚠ {t('m.chat.warning-title')}
      </Text>
      {message.flags.map((flag) => (
        <Text key={flag} style={styles.text}>
          {t(`meet.scam.${flag}`)}
        </Text>
      ))}
    </View>
  );
}

/** The time under a message and, on mine, the sent ✓ or read ✓✓ mark. */
function MessageMeta({ createdAt, mark }: { createdAt: string; mark: 'sent' | 'read' | null }) {
  const { t, locale } = useI18n();
  return (
    <View style={{ flexDirection: 'row', justifyContent: 'flex-end', gap: 4 }}>
      <Text style={[styles.muted, { fontSize: 11 }]}>{formatTime(createdAt, locale)}</Text>
      {mark ? (
        <Text accessibilityLabel={t(`m.chat.${mark}`)} style={[styles.muted, { fontSize: 11 }]}>
          {mark === 'read' ? '✓✓' : '✓'}
        </Text>
      ) : null}
    </View>
  );
}

/**
 * The conversation, oldest first: day separators, the other person's avatar beside their
 * messages, a time under each message, and on mine a sent ✓ or read ✓✓ mark.
 */
export function MessageList({
  messages,
  me,
  otherReadId,
  name,
  avatar,
}: {
  messages: ChatMessage[];
  me: number;
  otherReadId: number;
  name: string;
  avatar: string | undefined;
}) {
  const { t, locale } = useI18n();
  return (
    <View accessibilityRole="list" style={{ gap: 8 }}>
      {messages.map((message, index) => {
        const mine = message.senderId === me;
        const day = dayLabel(message.createdAt, t, locale);
        const previous = messages[index - 1];
        const newDay = !previous || dayLabel(previous.createdAt, t, locale) !== day;
        const read = otherReadId >= message.id;
        return (
          <View key={message.id} style={{ gap: 4 }}>
            {newDay ? (
              <Text
                accessibilityRole="header"
                style={[styles.muted, { textAlign: 'center', marginVertical: 4 }]}
              >
                {day}
              </Text>
            ) : null}
            <View
              style={{
                flexDirection: 'row',
                justifyContent: mine ? 'flex-end' : 'flex-start',
                alignItems: 'flex-end',
                gap: 6,
              }}
            >
              {!mine ? (
                <Image
                  source={avatar ? { uri: `${apiOrigin()}${avatar}` } : undefined}
                  accessibilityLabel={t('m.chat.avatar', { name })}
                  accessibilityIgnoresInvertColors
                  style={{ width: 28, height: 28, borderRadius: 14, backgroundColor: '#262935' }}
                />
              ) : null}
              <View
                style={{
                  backgroundColor: mine ? '#1f6bff' : '#262935',
                  borderRadius: 14,
                  paddingVertical: 8,
                  paddingHorizontal: 12,
                  maxWidth: '80%',
                  gap: 2,
                }}
              >
                <Text style={styles.text}>{message.text}</Text>
                <MessageMeta
                  createdAt={message.createdAt}
                  mark={mine ? (read ? 'read' : 'sent') : null}
                />
              </View>
            </View>
            {!mine && message.flags.length > 0 ? <ScamWarning message={message} /> : null}
          </View>
        );
      })}
    </View>
  );
}
