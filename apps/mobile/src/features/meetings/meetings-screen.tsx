import { Text } from 'react-native';
import { MEETING_DURATION_MINUTES, MEETING_MIN_MINUTES } from '@meeet/core/constants';
import { useI18n } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';
import { ErrorBox, Loading, Notice, Screen, styles } from '../../components/ui.tsx';
import { DeviceLockNotice } from './device-lock-notice.tsx';
import { ExchangeCard } from './exchange-card.tsx';
import { MeetingProgressCard } from './meeting-progress-card.tsx';
import { MeetingsHistory } from './meetings-history.tsx';
import { reasonsText, resultText, useMeetingsStatus } from './meetings-api.ts';
import { useMeetingExchange, type Refusal } from './use-meeting-exchange.ts';
import { useProximity } from './use-proximity.ts';

/** Why a proposed meeting did not start, before anyone waited (with whom, when known). */
function refusalText(t: ReturnType<typeof useI18n>['t'], refusal: Refusal): string {
  const reasons = reasonsText(t, refusal);
  return refusal.partner
    ? t('m.meetings.cannot-mint-with', { name: displayName(refusal.partner), reasons })
    : t('m.meetings.cannot-mint', { reasons });
}

/**
 * Meetings: the proximity exchange (Bluetooth on the phone, the code where there is none), the
 * minutes together pushed live, and the outcome with the reason or the minted token.
 */
export function MeetingsScreen() {
  const { t } = useI18n();
  const status = useMeetingsStatus();
  const proximity = useProximity();
  const active = status.data?.active ?? null;
  const exchange = useMeetingExchange(active !== null);
  const denial = status.data?.denial;
  return (
    <Screen title={t('m.meetings.title')}>
      {status.isPending ? <Loading /> : null}
      {status.isError ? (
        <ErrorBox message={status.error.message} onRetry={() => void status.refetch()} />
      ) : null}
      <DeviceLockNotice lock={status.data?.deviceLock} />
      {denial?.annulled ? <Notice tone="warning" text={t('m.meetings.annulled')} /> : null}
      {denial?.denied && !denial.annulled && denial.meetingsLeft !== null ? (
        <Notice tone="warning" text={t('m.meetings.denial', { count: denial.meetingsLeft })} />
      ) : null}
      {exchange.result ? <Notice text={resultText(t, exchange.result)} /> : null}
      {exchange.refusal ? <Notice tone="warning" text={refusalText(t, exchange.refusal)} /> : null}

      {status.data && active ? (
        <MeetingProgressCard active={active} progress={exchange.progress} />
      ) : null}
      {status.data && !active ? (
        <Text style={styles.muted}>
          {t('m.meetings.how', { needed: MEETING_MIN_MINUTES, minutes: MEETING_DURATION_MINUTES })}
        </Text>
      ) : null}
      {status.data ? <ExchangeCard exchange={exchange} proximity={proximity} /> : null}
      {exchange.failure ? <ErrorBox message={exchange.failure} /> : null}

      {status.data ? (
        <Text style={styles.muted}>
          {t('m.meetings.count', { count: status.data.meetingsCount })}
        </Text>
      ) : null}
      <MeetingsHistory />
    </Screen>
  );
}
