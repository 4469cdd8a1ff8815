import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActiveSession } from '@meeet/core/api/security';
import { sessionLabel } from '@meeet/core/rules/session-label';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';
import { NS } from '../i18n.ts';

/** The country's name in the page's language, from its ISO code. */
function countryName(code: string | null, language: string, unknown: string): string {
  if (!code) return unknown;
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}

function useSessionTitle() {
  const { t } = useTranslation(NS);
  return (session: ActiveSession) =>
    sessionLabel(session, { app: t('sessions.app'), unknown: t('sessions.unknown') });
}

/** Account → Security: every signed-in device, with "Sign out" and "Sign out everywhere else". */
export function SessionsList() {
  const { t, i18n } = useTranslation(NS);
  const fmt = useFormat();
  const sessions = useSessions();
  const ending = useEndSession();
  const endingOthers = useEndOtherSessions();
  const title = useSessionTitle();

  if (sessions.isPending) return <Typography color="text.secondary">…</Typography>;
  if (sessions.isError) return <Alert severity="error">{sessions.error.message}</Alert>;
  const others = sessions.data.filter((session) => !session.current);
  const failure = ending.error ?? endingOthers.error;
  return (
    <Stack spacing={2}>
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {endingOthers.isSuccess && (
        <Alert severity="success">
          {t('sessions.ended-others', { count: endingOthers.data.ended })}
        </Alert>
      )}
      <List aria-label={t('sessions.title')} dense disablePadding>
        {sessions.data.map((session) => {
          const name = title(session);
          return (
            <ListItem
              key={session.id}
              divider
              disableGutters
              secondaryAction={
                session.current ? (
                  <Chip size="small" color="primary" label={t('sessions.this-device')} />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    disabled={ending.isPending}
                    aria-label={t('sessions.sign-out-named', { name })}
                    onClick={() => ending.mutate(session.id)}
                  >
                    {t('sessions.sign-out')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={name}
                secondary={t('sessions.details', {
                  place: countryName(session.country, i18n.language, t('sessions.unknown-place')),
                  seen: fmt.dateTime(session.lastSeenAt),
                })}
              />
            </ListItem>
          );
        })}
      </List>
      {others.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          sx={{ alignSelf: 'flex-start' }}
          disabled={endingOthers.isPending}
          onClick={() => endingOthers.mutate()}
        >
          {t('sessions.sign-out-others')}
        </Button>
      )}
    </Stack>
  );
}
