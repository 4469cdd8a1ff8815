import { Text } from 'react-native';
import { nftTypeName } from '@meeet/core/enums';
import { useI18n } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';
import { Card, Empty, ErrorBox, Loading, styles } from '../../components/ui.tsx';
import { outcomeText, useMeetingsHistory } from './meetings-api.ts';
import { useMeetingSpots } from './meeting-spots.ts';

/** The caller's past meetings: with whom, when, how each ended, and the business spot it was at. */
export function MeetingsHistory() {
  const { t, locale } = useI18n();
  const history = useMeetingsHistory();
  const spots = useMeetingSpots();
  return (
    <>
      <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.meetings.history')}</Text>
      {history.isPending ? <Loading /> : null}
      {history.isError ? (
        <ErrorBox message={history.error.message} onRetry={() => void history.refetch()} />
      ) : null}
      {history.data?.list.length === 0 ? <Empty text={t('m.meetings.empty')} /> : null}
      {history.data?.list.map((meeting) => (
        <Card key={meeting.id}>
          <Text style={[styles.text, { fontWeight: '600' }]}>
            {t('m.meetings.with', { name: displayName(meeting.partner) })}
            {meeting.level !== null ? ` · ${nftTypeName(meeting.level)}` : ''}
          </Text>
          <Text style={styles.muted}>{new Date(meeting.startedAt).toLocaleString(locale)}</Text>
          <Text style={styles.text}>{outcomeText(t, meeting)}</Text>
          {spots.get(meeting.id) ? (
            <Text style={styles.muted}>
              {t('m.meetings.at-spot', { name: spots.get(meeting.id)?.name ?? '' })}
            </Text>
          ) : null}
        </Card>
      ))}
    </>
  );
}
