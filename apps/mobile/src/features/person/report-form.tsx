import { useState } from 'react';
import { Text, TextInput, View } from 'react-native';
import { meetPaths, ReportReason } from '@meeet/core/api/meet';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Card, Chip, ErrorBox, styles } from '../../components/ui.tsx';

const REASONS = Object.values(ReportReason);

/** A report of `userId` to the moderators: a reason, and a note if the reporter has one. */
export function ReportForm({ userId, onReported }: { userId: number; onReported: () => void }) {
  const { t } = useI18n();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function report() {
    if (!reason) return;
    setFailure(null);
    const result = await api.post(meetPaths.reports, {
      userId,
      reason,
      ...(note.trim() ? { text: note.trim() } : {}),
    });
    if (!result.ok) return setFailure(result.error);
    onReported();
  }

  return (
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
      {failure ? <ErrorBox message={failure} /> : null}
      <Button
        label={t('m.person.report.submit')}
        onPress={() => void report()}
        disabled={!reason}
      />
    </Card>
  );
}
