import { Text } from 'react-native';
import type { Meeting, MeetingProgress } from '@meeet/core/api/meetings';
import { MEETING_MIN_MINUTES } from '@meeet/core/constants';
import { useI18n } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';
import { Card, styles } from '../../components/ui.tsx';

/** The meeting under way: with whom, the minutes counted of those needed, pushed live. */
export function MeetingProgressCard({
  active,
  progress,
}: {
  active: Meeting;
  progress: MeetingProgress | null;
}) {
  const { t } = useI18n();
  const needed = progress?.minutesNeeded ?? active.minutesNeeded ?? MEETING_MIN_MINUTES;
  const counted = progress?.minutesCounted ?? active.minutesCounted ?? 0;
  return (
    <Card>
      <Text style={[styles.text, { fontWeight: '700', fontSize: 18 }]}>
        {t('m.meetings.in-progress', { name: displayName(active.partner) })}
      </Text>
      <Text
        style={[styles.text, { fontSize: 28, fontWeight: '700' }]}
        accessibilityRole="progressbar"
        accessibilityValue={{ min: 0, max: needed, now: counted }}
      >
        {t('m.meetings.progress', { counted, needed })}
      </Text>
      {progress ? (
        <Text style={styles.muted}>
          {t('m.meetings.elapsed', {
            elapsed: progress.elapsedMinutes,
            window: progress.windowMinutes,
          })}
        </Text>
      ) : null}
      <Text style={styles.muted}>{t('m.meetings.end-hint')}</Text>
    </Card>
  );
}
