import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import {
  MeetingOutcome,
  type MeetingReason,
  type ModerationMeetingList,
} from '@meeet/core/api/meetings';
import { NFT_TYPE_NAMES } from '@meeet/core/enums';
import { useLiftDeviceLock } from './api/lift-device-lock.ts';
import { useModerationMeetings } from './api/list-meetings.ts';
import { NS } from './i18n.ts';
import { PagedCards, usePaging } from './paged-cards.tsx';
import { useFormat } from '../../lib/format.ts';

type ModerationMeeting = ModerationMeetingList['list'][number];

/** The reason that says a device lock blocked the mint (it does not say whose). */
const DEVICE_LOCKED: MeetingReason = 'device-locked';

const OUTCOME_COLOR: Partial<Record<ModerationMeeting['outcome'], 'warning' | 'error'>> = {
  [MeetingOutcome.REFUSED]: 'warning',
  [MeetingOutcome.NOT_PROVEN]: 'warning',
  [MeetingOutcome.MINT_FAILED]: 'error',
};

/** Lifts one user's device lock and says how it stands afterwards, or the server's message. */
function LiftLock({ userId }: { userId: number }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const lift = useLiftDeviceLock();
  const result = lift.data;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" disabled={lift.isPending} onClick={() => lift.mutate(userId)}>
        {t('meetings.lift', { id: userId })}
      </Button>
      {result &&
        (result.ok ? (
          <Alert severity={result.data.locked ? 'warning' : 'success'} role="status">
            {result.data.locked
              ? t('meetings.still-locked', {
                  id: userId,
                  until: fmt.dateTime(result.data.until),
                })
              : result.data.wasLocked
                ? t('meetings.lifted', { id: userId })
                : t('meetings.was-not-locked', { id: userId })}
          </Alert>
        ) : (
          <Alert severity="error">{result.error}</Alert>
        ))}
    </Stack>
  );
}

/** Why the meeting was not minted, in words, and the chain's error when a mint failed. */
function MeetingReasons({ meeting }: { meeting: ModerationMeeting }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Typography variant="overline" component="h3" sx={{ mt: 2, display: 'block' }}>
        {t('meetings.reasons')}
      </Typography>
      {meeting.reasons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('meetings.no-reasons')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ pl: 2, m: 0 }}>
          {meeting.reasons.map((reason) => (
            <Typography key={reason} component="li" variant="body2">
              {t(`meetings.reason.${reason}`)}
            </Typography>
          ))}
        </Stack>
      )}
      {meeting.mintError && (
        <>
          <Typography variant="overline" component="h3" sx={{ mt: 2, display: 'block' }}>
            {t('meetings.mint-error')}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{
              m: 0,
              fontFamily: 'monospace',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {meeting.mintError}
          </Typography>
        </>
      )}
    </>
  );
}

/** One meeting: its state, users, level, times and reasons, and the lock lift it calls for. */
function MeetingCard({ meeting }: { meeting: ModerationMeeting }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const [userA, userB] = meeting.userIds;
  const lockBlocked = meeting.reasons.includes(DEVICE_LOCKED);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={t('meetings.card', { id: meeting.id })}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Chip label={t(`meetings.status.${meeting.status}`)} size="small" />
          <Chip
            label={t(`meetings.outcome.${meeting.outcome}`)}
            color={OUTCOME_COLOR[meeting.outcome] ?? 'default'}
            size="small"
          />
        </Stack>
        <Typography variant="subtitle1" component="h2">
          {t('meetings.users', { a: userA, b: userB })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {meeting.level === null
            ? t('meetings.no-level')
            : t('meetings.level', { level: NFT_TYPE_NAMES[meeting.level] })}{' '}
          · {t('meetings.method', { method: t(`meetings.method.${meeting.method}`) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('meetings.started', { time: fmt.dateTime(meeting.startedAt) })},{' '}
          {meeting.endedAt === null
            ? t('meetings.not-ended')
            : t('meetings.ended', { time: fmt.dateTime(meeting.endedAt) })}{' '}
          ·{' '}
          {t('meetings.minutes', {
            counted: fmt.number(meeting.minutesCounted),
            needed: fmt.number(meeting.minutesNeeded),
          })}
        </Typography>
        <MeetingReasons meeting={meeting} />
      </CardContent>
      {lockBlocked && (
        <CardActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 2, pb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('meetings.lock-hint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <LiftLock userId={userA} />
            <LiftLock userId={userB} />
          </Stack>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * /control/meetings: refused, unproven and failed meetings with their reasons (issue 12), and
 * the device-lock lift where a lock blocked the mint (moderators, admins).
 */
export default function MeetingsPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const meetings = useModerationMeetings({ offset: paging.offset, limit: paging.limit });

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('meetings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('meetings.intro')}
      </Typography>
      <PagedCards
        query={meetings}
        paging={paging}
        labels={{
          loading: t('meetings.loading'),
          error: t('meetings.load-error'),
          empty: t('meetings.empty'),
        }}
      >
        {(meeting) => <MeetingCard key={meeting.id} meeting={meeting} />}
      </PagedCards>
    </Container>
  );
}
