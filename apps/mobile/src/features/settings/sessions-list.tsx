import { useState } from 'react';
import { Text, View } from 'react-native';
import { useQuery } from '@tanstack/react-query';
import {
  activeSessionsSchema,
  sessionsEndedSchema,
  type ActiveSession,
} from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { formatDateTime } from '@meeet/core/format/date';
import { sessionLabel } from '@meeet/core/rules/session-label';
import type { Locale } from '@meeet/core/i18n/locale';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n, type Translate } from '../../lib/i18n.ts';
import { Button, Card, ErrorBox, Loading, styles } from '../../components/ui.tsx';

const sessionsKey = ['security', 'sessions'] as const;

function sessionName(session: ActiveSession, t: Translate): string {
  return sessionLabel(session, {
    app: t('m.settings.sessions.app'),
    unknown: t('m.settings.sessions.unknown'),
  });
}

function place(code: string | null, locale: Locale, t: Translate): string {
  if (!code) return t('m.settings.sessions.unknown-place');
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

function SessionsOfAccount() {
  const { t, locale } = useI18n();
  const [failure, setFailure] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: () => unwrap(api.get(securityPaths.sessions, undefined, activeSessionsSchema)),
  });

  async function end(call: Promise<{ ok: boolean; error?: string }>) {
    setFailure(null);
    const result = await call;
    if (!result.ok) setFailure(result.error ?? null);
    await sessions.refetch();
  }

  if (sessions.isPending) return <Loading />;
  if (sessions.isError)
    return <ErrorBox message={sessions.error.message} onRetry={() => void sessions.refetch()} />;
  const others = sessions.data.list.filter((session) => !session.current);
  return (
    <View style={{ gap: 8 }}>
      {failure ? <ErrorBox message={failure} /> : null}
      <View accessibilityRole="list" style={{ gap: 8 }}>
        {sessions.data.list.map((session) => {
          const name = sessionName(session, t);
          return (
            <View key={session.id} style={[styles.row, { justifyContent: 'space-between' }]}>
              <View style={{ flex: 1 }}>
                <Text style={styles.text}>{name}</Text>
                <Text style={styles.text}>
                  {t('m.settings.sessions.details', {
                    place: place(session.country, locale, t),
                    seen: formatDateTime(session.lastSeenAt, locale),
                  })}
                </Text>
              </View>
              {session.current ? (
                <Text style={styles.text}>{t('m.settings.sessions.this-device')}</Text>
              ) : (
                <Button
                  label={t('m.settings.sessions.sign-out')}
                  accessibilityLabel={t('m.settings.sessions.sign-out-named', { name })}
                  onPress={() =>
                    void end(
                      api.delete(securityPaths.session(session.id), undefined, sessionsEndedSchema),
                    )
                  }
                  variant="secondary"
                />
              )}
            </View>
          );
        })}
      </View>
      {others.length > 0 ? (
        <Button
          label={t('m.settings.sessions.sign-out-others')}
          onPress={() => void end(api.post(securityPaths.endOthers, {}, sessionsEndedSchema))}
          variant="secondary"
        />
      ) : null}
    </View>
  );
}

/** Settings: the account's signed-in devices, each with Sign out (issue 45); loads when opened. */
export function SessionsList() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <Button label={t('m.settings.sessions')} onPress={() => setOpen(!open)} variant="secondary" />
      {open ? <SessionsOfAccount /> : null}
    </Card>
  );
}
