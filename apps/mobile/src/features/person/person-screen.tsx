import { useState } from 'react';
import { Text, View } from 'react-native';
import { meetPaths } from '@meeet/core/api/meet';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { displayName, peopleStore } from '../../lib/people.ts';
import { useStore } from '../../lib/store.ts';
import { Button, Card, Empty, ErrorBox, Notice, Screen, styles } from '../../components/ui.tsx';
import { PersonCard } from './person-card.tsx';
import { ReportForm } from './report-form.tsx';

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

  return (
    <Screen title={t('m.person.title')}>
      <PersonCard person={person} />
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
        <ReportForm
          userId={userId}
          onReported={() => {
            setReporting(false);
            setDone(t('m.person.reported'));
          }}
        />
      ) : null}
    </Screen>
  );
}
