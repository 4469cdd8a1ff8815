import { useEffect, useRef, useState } from 'react';
import { Text } from 'react-native';
import { userPrivateSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { saveUser, signOut, useSession } from '../../lib/session.ts';
import { Button, ErrorBox, Field, Notice, Screen, styles } from '../../components/ui.tsx';

/** A hand can be raised only with a confirmed e-mail (issue 11): the code is mailed here. */
export function VerifyEmailScreen() {
  const { t } = useI18n();
  const { auth } = useSession();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  async function send() {
    setFailure(null);
    const result = await api.post(userPaths.emailVerifySendCode, {});
    // 429: a code went out moments ago; the one in the mailbox still works.
    if (result.ok || result.code === 429) setSent(true);
    else setFailure(result.error);
  }

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void send();
  }, []);

  async function confirm() {
    setFailure(null);
    setBusy(true);
    const checked = await api.post(userPaths.emailVerifyCheck(code.trim()), {});
    if (!checked.ok) {
      setBusy(false);
      return setFailure(checked.error);
    }
    const me = await api.get(userPaths.me, undefined, userPrivateSchema);
    setBusy(false);
    if (!me.ok) return setFailure(me.error);
    await saveUser(me.data);
  }

  return (
    <Screen title={t('m.auth.verify.title')}>
      <Text style={styles.text}>{t('m.auth.verify.text', { email: auth?.user.email ?? '' })}</Text>
      <Field
        label={t('m.auth.verify.code')}
        value={code}
        onChangeText={setCode}
        keyboardType="number-pad"
        autoComplete="one-time-code"
        maxLength={6}
      />
      {failure ? <ErrorBox message={failure} /> : null}
      {sent ? <Notice text={t('m.auth.verify.sent')} /> : null}
      <Button label={t('m.auth.verify.submit')} onPress={() => void confirm()} disabled={busy} />
      <Button label={t('m.auth.verify.resend')} onPress={() => void send()} variant="secondary" />
      <Button label={t('m.settings.sign-out')} onPress={() => void signOut()} variant="secondary" />
    </Screen>
  );
}
