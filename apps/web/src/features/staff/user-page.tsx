import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StaffAction, type StaffUserDetail } from '@meeet/core/api/staff';
import { canReopenKyc } from '@meeet/core/rules/kyc-status';
import { paths } from '../../app/paths.ts';
import { useTranslation } from '../../i18n/react.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useFormat } from '../../lib/format.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useStaffUser } from './api/get-staff-user.ts';
import { Section } from './components/section.tsx';
import { SecurityEvents } from './components/security-events.tsx';
import { StaffActionDialog } from './components/staff-action-dialog.tsx';
import { UserSections } from './components/user-sections.tsx';
import { ProfileFacts, WalletFacts } from './components/user-facts.tsx';
import { NS } from './i18n.ts';

function Sessions({ sessions }: { sessions: StaffUserDetail['sessions'] }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  if (sessions.length === 0) return <Typography>{t('user.no-sessions')}</Typography>;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('user.session.device')}</TableCell>
            <TableCell>{t('user.session.ip')}</TableCell>
            <TableCell>{t('user.session.started')}</TableCell>
            <TableCell>{t('user.session.last-seen')}</TableCell>
            <TableCell>{t('user.session.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id}>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                {session.userAgent ?? '—'}
                {session.fingerprint && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {session.fingerprint}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{session.ip ?? '—'}</TableCell>
              <TableCell>{fmt.dateTime(session.createdAt)}</TableCell>
              <TableCell>{fmt.dateTime(session.lastSeenAt)}</TableCell>
              <TableCell>
                {session.revokedAt
                  ? t('user.session.ended', { at: fmt.dateTime(session.revokedAt) })
                  : t('user.session.active')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Audit({ audit }: { audit: NonNullable<StaffUserDetail['audit']> }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  if (audit.length === 0) return <Typography>{t('user.no-audit')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('user.audit')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('user.audit.when')}</TableCell>
            <TableCell>{t('user.audit.action')}</TableCell>
            <TableCell>{t('user.audit.reason')}</TableCell>
            <TableCell>{t('user.audit.by')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {audit.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{fmt.dateTime(entry.createdAt)}</TableCell>
              <TableCell>
                {t(`action.${entry.action}`)}
                {entry.details.from && entry.details.to && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {t('user.audit.role-change', {
                      from: t(`role.${entry.details.from}`),
                      to: t(`role.${entry.details.to}`),
                    })}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.reason}</TableCell>
              <TableCell>
                {entry.actorId === null ? '—' : t('user.audit.by-admin', { id: entry.actorId })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The actions an admin may take on this user now (a ban or an unban, never both). */
function availableActions(detail: StaffUserDetail): StaffAction[] {
  return [
    detail.user.banned ? StaffAction.UNBAN : StaffAction.BAN,
    StaffAction.ROLE,
    StaffAction.REVOKE_SESSIONS,
    ...(detail.deviceLock ? [StaffAction.LIFT_DEVICE_LOCK] : []),
    ...(canReopenKyc(detail.kyc.status) ? [StaffAction.REOPEN_KYC] : []),
  ];
}

function UserDetail({ detail, admin }: { detail: StaffUserDetail; admin: boolean }) {
  const { t } = useTranslation(NS);
  const me = useCurrentUser();
  const [action, setAction] = useState<StaffAction | null>(null);
  const [done, setDone] = useState<StaffAction | null>(null);
  const { user } = detail;
  const name = user.nickname ?? user.email;
  const canAct = admin && me.data?.id !== user.id;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('user.title', { id: user.id })} · {name}
        </Typography>
        <Chip label={t(`role.${user.role}`)} size="small" />
        {user.banned && <Chip label={t('banned')} color="error" size="small" />}
      </Stack>
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(null)}>
          {t(`done.${done}`)}
        </Alert>
      )}
      {canAct && (
        <Section title={t('user.actions')}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
            {availableActions(detail).map((next) => (
              <Button
                key={next}
                variant="outlined"
                color={next === StaffAction.BAN ? 'error' : 'primary'}
                onClick={() => {
                  setDone(null);
                  setAction(next);
                }}
              >
                {t(`action.${next}`)}
              </Button>
            ))}
          </Stack>
        </Section>
      )}
      <ProfileFacts user={user} />
      <WalletFacts detail={detail} />
      <UserSections userId={user.id} admin={admin} />
      <Section title={t('user.sessions')}>
        <Sessions sessions={detail.sessions} />
      </Section>
      {detail.audit && (
        <Section title={t('user.audit')}>
          <Audit audit={detail.audit} />
        </Section>
      )}
      {admin && (
        <Section title={t('user.security-events')}>
          <SecurityEvents userId={user.id} />
        </Section>
      )}
      {action && (
        <StaffActionDialog
          userId={user.id}
          name={name}
          action={action}
          currentRole={user.role}
          onClose={() => setAction(null)}
          onDone={(taken) => {
            setAction(null);
            setDone(taken);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /control/users/:id: everything staff need to help or stop a person (issue 46) — profile, KYC,
 * wallet and tokens, sessions; for admins the actions and their audit trail.
 */
export default function UserPage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  // The search this page was opened from, so "Back" returns to its results.
  const state: unknown = useLocation().state;
  const from =
    state && typeof state === 'object' && 'q' in state && typeof state.q === 'string'
      ? state.q
      : undefined;
  const userId = Number(params.id);
  const me = useCurrentUser();
  const query = useStaffUser(userId);
  const result = query.data;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Link
        component={RouterLink}
        to={paths.control.users.getHref(from)}
        sx={{ mb: 2, display: 'inline-block' }}
      >
        ← {t('user.back')}
      </Link>
      {query.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('user.loading')}</Typography>
        </Stack>
      ) : !result || query.isError ? (
        <Alert severity="error">{t('user.error')}</Alert>
      ) : result.ok ? (
        <UserDetail detail={result.data} admin={isAdmin(me.data?.role)} />
      ) : result.code === 404 || result.code === 400 ? (
        <Alert severity="warning">{t('user.not-found', { id: params.id ?? '' })}</Alert>
      ) : (
        <Alert severity="error">{result.error !== 'ERROR' ? result.error : t('user.error')}</Alert>
      )}
    </Container>
  );
}
