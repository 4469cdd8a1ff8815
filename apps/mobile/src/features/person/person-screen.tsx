import { useState } from 'react';
import { Image, Text, TextInput, View } from 'react-native';
import { meetPaths, ReportReason } from '@meeet/core/api/meet';
import { nftTypeName } from '@meeet/core/enums';
import { api } from '../../lib/api.ts';
import { apiOrigin } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { displayName, distanceText, moodText, peopleStore } from '../../lib/people.ts';
import { useStore } from '../../lib/store.ts';
import {
  Button,
  Card,
  Chip,
  Empty,
  ErrorBox,
  Notice,
  Screen,
  styles,
} from '../../components/ui.tsx';

const REASONS = Object.values(ReportReason);

/** Blocking asks first, naming the person. */
function BlockConfirm({
  name,
  onYes,
  onCancel,
}: {
  name: string;
  onYes: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <Card>
      <Text accessibilityRole="alert" style={styles.text}>
        {t('m.person.block.confirm', { name })}
      </Text>
      <View style={styles.row}>
        <Button label={t('m.person.block.yes')} onPress={onYes} variant="danger" />
        <Button label={t('m.common.cancel')} onPress={onCancel} variant="secondary" />
      </View>
    </Card>
  );
}

/** A person's card: photo, nickname, mood, checkmark, levels; chat, block, report. */
export function PersonScreen({
  userId,
  onChat,
  onBlocked,
}: {
  userId: number;
  onChat: (userId: number) => void;
  onBlocked: () => void;
}) {
  const { t } = useI18n();
  const person = useStore(peopleStore).get(userId);
  const [reporting, setReporting] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!person)
    return <Screen title={t('m.person.title')}>{<Empty text={t('error.NOT_FOUND')} />}</Screen>;

  async function block() {
    setConfirmingBlock(false);
    setFailure(null);
    const result = await api.put(withUser(meetPaths.block, userId), {});
    if (!result.ok) return setFailure(result.error);
    setDone(t('m.person.blocked'));
    onBlocked();
  }

  async function report() {
    if (!reason) return;
    setFailure(null);
    const result = await api.post(meetPaths.reports, {
      userId,
      reason,
      ...(note.trim() ? { text: note.trim() } : {}),
    });
    if (!result.ok) return setFailure(result.error);
    setReporting(false);
    setDone(t('m.person.reported'));
  }

  const levels = person.levels.map((level) => nftTypeName(level)).join(', ');
  return (
    <Screen title={t('m.person.title')}>
      <Card>
        <View style={styles.row}>
          <Image
            source={{ uri: `${apiOrigin()}${person.avatar}` }}
            accessibilityIgnoresInvertColors
            style={{ width: 72, height: 72, borderRadius: 36, backgroundColor: '#262935' }}
          />
          <View style={{ gap: 4, flex: 1 }}>
            <Text
              accessibilityRole="header"
              style={[styles.text, { fontSize: 20, fontWeight: '700' }]}
            >
              {displayName(person)}
              {person.verified ? ' ✓' : ''}
            </Text>
            {person.firstName && person.nickname ? (
              <Text style={styles.muted}>{person.firstName}</Text>
            ) : null}
            {person.verified ? <Text style={styles.muted}>{t('m.person.verified')}</Text> : null}
            {person.mood ? <Text style={styles.text}>{moodText(t, person.mood)}</Text> : null}
            {person.distanceM !== undefined ? (
              <Text style={styles.muted}>{distanceText(t, person.distanceM)}</Text>
            ) : null}
          </View>
        </View>
        <Text style={styles.text}>
          {levels ? t('m.person.levels', { levels }) : t('m.person.no-levels')}
        </Text>
      </Card>
      {done ? <Notice text={done} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button label={t('m.person.chat')} onPress={() => onChat(userId)} />
      <Button
        label={t('m.person.block')}
        onPress={() => setConfirmingBlock(true)}
        variant="danger"
      />
      {confirmingBlock ? (
        <BlockConfirm
          name={displayName(person)}
          onYes={() => void block()}
          onCancel={() => setConfirmingBlock(false)}
        />
      ) : null}
      <Button
        label={t('m.person.report')}
        onPress={() => setReporting(!reporting)}
        variant="secondary"
      />
      {reporting ? (
        <Card>
          <Text style={styles.text}>{t('m.person.report.title')}</Text>
          <View style={styles.row}>
            {REASONS.map((value) => (
              <Chip
                key={value}
                label={t(`m.report.${value}`)}
                selected={reason === value}
                onPress={() => setReason(value)}
              />
            ))}
          </View>
          <TextInput
            accessibilityLabel={t('m.person.report.text')}
            placeholder={t('m.person.report.text')}
            placeholderTextColor="#a4abbd"
            value={note}
            onChangeText={setNote}
            multiline
            maxLength={1000}
            style={styles.input}
          />
          <Button
            label={t('m.person.report.submit')}
            onPress={() => void report()}
            disabled={!reason}
          />
        </Card>
      ) : null}
    </Screen>
  );
}
