import { useCallback, useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import { useQueryClient } from '@tanstack/react-query';
import {
  handshakeCodeResponseSchema,
  handshakeResponseSchema,
  meetingsPaths,
  type HandshakeCodeResponse,
  type HandshakeRequest,
  type Meeting,
  type MeetingProgress,
} from '@meeet/core/api/meetings';
import type { MeetingRefused } from '@meeet/core/api/realtime';
import { MEETING_DURATION_MINUTES, MEETING_MIN_MINUTES } from '@meeet/core/constants';
import { nftTypeName } from '@meeet/core/enums';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';
import { on } from '../../lib/socket.ts';
import {
  Button,
  Card,
  Empty,
  ErrorBox,
  Field,
  Loading,
  Notice,
  Screen,
  styles,
} from '../../components/ui.tsx';
import { HandshakeQr } from './handshake-qr.tsx';
import {
  cannotMintReasons,
  meetingsListKey,
  meetingsStatusKey,
  outcomeText,
  reasonsText,
  resultText,
  useMeetingsHistory,
  useMeetingsStatus,
} from './meetings-api.ts';
import { useMeetingSpots } from './meeting-spots.ts';
import { DeviceLockNotice } from './device-lock-notice.tsx';
import { QrScanner } from './qr-scanner.tsx';
import { useMeetingPings } from './use-meeting-pings.ts';
import { currentToken, useProximity } from './use-proximity.ts';

/** Why a proposed meeting did not start, before anyone waited (with whom, when known). */
function refusalText(
  t: ReturnType<typeof useI18n>['t'],
  refusal: Pick<MeetingRefused, 'reasons'> & { partner?: MeetingRefused['partner'] },
): string {
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
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const status = useMeetingsStatus();
  const history = useMeetingsHistory();
  const spots = useMeetingSpots();
  const proximity = useProximity();
  const [code, setCode] = useState<HandshakeCodeResponse | null>(null);
  const [partnerCode, setPartnerCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Parameters<typeof refusalText>[1] | null>(null);
  const [scanning, setScanning] = useState(false);
  const [progress, setProgress] = useState<MeetingProgress | null>(null);
  const [result, setResult] = useState<Meeting | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const active = status.data?.active ?? null;
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: meetingsStatusKey });
    void client.invalidateQueries({ queryKey: meetingsListKey });
  }, [client]);

  useEffect(() => {
    const offStarted = on('meeting:started', () => {
      setCode(null);
      setResult(null);
      setRefusal(null);
      refresh();
    });
    // The partner's phone proposed a meeting that could never mint: shown here at once.
    const offRefused = on('meeting:refused', (payload) => {
      setCode(null);
      setScanning(false);
      setRefusal(payload);
    });
    const offProgress = on('meeting:progress', (next) => setProgress(next));
    const offUpdated = on('meeting:updated', (meeting) => {
      if (meeting.status !== 'active') {
        setCode(null);
        setProgress(null);
        setResult(meeting);
      }
      refresh();
    });
    return () => {
      offStarted();
      offRefused();
      offProgress();
      offUpdated();
    };
  }, [refresh]);

  // The code's countdown; at `rotateAt` a new code and QR replace it (the old one dies).
  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    const rotate = setTimeout(() => void showCode(), Math.max(0, code.rotateAt - Date.now()));
    return () => {
      clearInterval(timer);
      clearTimeout(rotate);
    };
  }, [code]);

  useMeetingPings(active !== null, setProgress);

  async function showCode() {
    setFailure(null);
    const answer = await api.post(meetingsPaths.handshakeCode, {}, handshakeCodeResponseSchema);
    if (!answer.ok) return setFailure(answer.error);
    setRefusal(null);
    setCode(answer.data);
    setNow(Date.now());
  }

  /** Sends a handshake; a start that could never mint shows its reasons instead of an error. */
  async function handshake(body: HandshakeRequest): Promise<Meeting | null | undefined> {
    setFailure(null);
    const answer = await api.post(meetingsPaths.handshake, body, handshakeResponseSchema);
    if (!answer.ok) {
      const reasons = cannotMintReasons(answer);
      if (reasons) setRefusal({ reasons });
      else setFailure(answer.error);
      return undefined;
    }
    setRefusal(null);
    return answer.data.meeting;
  }

  async function sendCode(body: HandshakeRequest) {
    const meeting = await handshake(body);
    if (meeting === undefined) return;
    setPartnerCode('');
    setCode(null);
    if (meeting && meeting.status !== 'active') setResult(meeting);
    refresh();
  }

  async function bluetoothHandshake() {
    const own = currentToken(proximity.tokens);
    if (!own || !proximity.tokens || !proximity.nearest) return;
    const phase = active ? 'end' : 'start';
    const meeting = await handshake({
      method: 'ble',
      phase,
      partnerToken: proximity.nearest.token,
      proof: handshakeProof(
        proximity.tokens.handshakeKey,
        phase,
        own.token,
        proximity.nearest.token,
      ),
    });
    if (meeting !== undefined) refresh();
  }

  const lock = status.data?.deviceLock;
  const denial = status.data?.denial;
  const minutesNeeded = progress?.minutesNeeded ?? active?.minutesNeeded ?? MEETING_MIN_MINUTES;
  const counted = progress?.minutesCounted ?? active?.minutesCounted ?? 0;
  return (
    <Screen title={t('m.meetings.title')}>
      {status.isPending ? <Loading /> : null}
      {status.isError ? (
        <ErrorBox message={status.error.message} onRetry={() => void status.refetch()} />
      ) : null}
      <DeviceLockNotice lock={lock} />
      {denial?.annulled ? <Notice tone="warning" text={t('m.meetings.annulled')} /> : null}
      {denial?.denied && !denial.annulled && denial.meetingsLeft !== null ? (
        <Notice tone="warning" text={t('m.meetings.denial', { count: denial.meetingsLeft })} />
      ) : null}
      {result ? <Notice text={resultText(t, result)} /> : null}
      {refusal ? <Notice tone="warning" text={refusalText(t, refusal)} /> : null}

      {status.data && active ? (
        <Card>
          <Text style={[styles.text, { fontWeight: '700', fontSize: 18 }]}>
            {t('m.meetings.in-progress', { name: displayName(active.partner) })}
          </Text>
          <Text
            style={[styles.text, { fontSize: 28, fontWeight: '700' }]}
            accessibilityRole="progressbar"
            accessibilityValue={{ min: 0, max: minutesNeeded, now: counted }}
          >
            {t('m.meetings.progress', { counted, needed: minutesNeeded })}
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
      ) : null}

      {status.data && !active ? (
        <Text style={styles.muted}>
          {t('m.meetings.how', { needed: MEETING_MIN_MINUTES, minutes: MEETING_DURATION_MINUTES })}
        </Text>
      ) : null}

      {status.data ? (
        <Card>
          {proximity.available ? (
            proximity.nearest ? (
              <Button label={t('m.meetings.start-ble')} onPress={() => void bluetoothHandshake()} />
            ) : (
              <Text style={styles.muted}>{t('m.meetings.ble-searching')}</Text>
            )
          ) : (
            <Text style={styles.muted}>{t('m.ble.off')}</Text>
          )}
          {code ? (
            <View style={{ gap: 4 }}>
              <HandshakeQr value={code.qr} label={t('m.meetings.qr-label')} />
              <Text style={[styles.text, { fontSize: 24, fontWeight: '700', letterSpacing: 4 }]}>
                {t('m.meetings.your-code', { code: code.code })}
              </Text>
              <Text style={styles.muted}>
                {t('m.meetings.code-hint', {
                  seconds: Math.max(0, Math.round((code.rotateAt - now) / 1000)),
                })}
              </Text>
            </View>
          ) : null}
          <Button
            label={t('m.meetings.show-code')}
            onPress={() => void showCode()}
            variant="secondary"
          />
          {scanning ? (
            <QrScanner
              onScanned={(payload) => {
                setScanning(false);
                void sendCode({ method: 'qr', payload });
              }}
              onClose={() => setScanning(false)}
            />
          ) : (
            <Button label={t('m.meetings.scan-qr')} onPress={() => setScanning(true)} />
          )}
          <Field
            label={t('m.meetings.partner-code')}
            value={partnerCode}
            onChangeText={setPartnerCode}
            keyboardType="number-pad"
            maxLength={6}
          />
          <Button
            label={t('m.meetings.send-code')}
            onPress={() => void sendCode({ method: 'code', code: partnerCode.trim() })}
            disabled={partnerCode.trim().length === 0}
          />
        </Card>
      ) : null}
      {failure ? <ErrorBox message={failure} /> : null}

      {status.data ? (
        <Text style={styles.muted}>
          {t('m.meetings.count', { count: status.data.meetingsCount })}
        </Text>
      ) : null}
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
    </Screen>
  );
}
