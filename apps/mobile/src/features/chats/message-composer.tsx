import { useRef, useState } from 'react';
import { TextInput, View } from 'react-native';
import * as Crypto from 'expo-crypto';
import { chatMessageSchema, meetPaths, type ChatMessage } from '@meeet/core/api/meet';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { emit } from '../../lib/socket.ts';
import { Button, ErrorBox, styles } from '../../components/ui.tsx';

const TYPING_SENT_EVERY_MS = 2_500;

/** The message being written to `userId`: tells them it is being typed, sends it once. */
export function MessageComposer({
  userId,
  onSent,
}: {
  userId: number;
  onSent: (message: ChatMessage) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const lastTypingSent = useRef(0);

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
    onSent(result.data);
  }

  return (
    <>
      {failure ? <ErrorBox message={failure} /> : null}
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
    </>
  );
}
