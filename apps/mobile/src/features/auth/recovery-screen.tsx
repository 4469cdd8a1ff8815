import { useState } from 'react';
import { Text } from 'react-native';
import {
  codeSentResponseSchema,
  okResponseSchema,
  recoveryCheckCodeRequestSchema,
  sendCodeRequestSchema,
} from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import type { ApiResult } from '@meeet/client/api-client';
import { api } from '../../lib/api.ts';
import { fieldErrors, type FieldErrors } from '../../lib/forms.ts';
import { useI18n } from '../../lib/i18n.ts';
import { EmailField } from './email-field.tsx';
import { Button, ErrorBox, Field, Notice, Screen, styles } from '../../components/ui.tsx';

type Step = 'email' | 'code' | 'done';

/** One call at a time, its field errors and its failure message kept for the form. */
function useServerCall() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function call<T>(run: () => Promise<ApiResult<T>>): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    const result = await run();
    setBusy(false);
    setErrors(result.ok ? {} : (result.fields ?? {}));
    if (!result.ok && !result.fields) setFailure(result.error);
    return result.ok;
  }
  return { busy, errors, setErrors, failure, call };
}

/**
 * Password recovery (spec §4), as the web's: a code by e-mail, then the code with a new
 * password, checked with the same schemas the server validates with.
 */
export function RecoveryScreen({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { busy, errors, setErrors, failure, call } = useServerCall();

  async function sendCode() {
    const parsed = sendCodeRequestSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    const sent = await call(() =>
      api.post(userPaths.recoverySendCode, parsed.data, codeSentResponseSchema),
    );
    if (sent) setStep('code');
  }

  async function setNewPassword() {
    const parsed = recoveryCheckCodeRequestSchema.safeParse({ email, code, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    const done = await call(() =>
      api.post(userPaths.recoveryCheckCode, parsed.data, okResponseSchema),
    );
    if (done) setStep('done');
  }

  return (
    <Screen title={t('m.recovery.title')}>
      {step === 'email' ? (
        <>
          <Text style={styles.muted}>{t('m.recovery.text')}</Text>
          <EmailField value={email} onChangeText={setEmail} error={errors.email} />
          <Button label={t('m.recovery.send')} onPress={() => void sendCode()} disabled={busy} />
        </>
      ) : null}
      {step === 'code' ? (
        <>
          <Notice text={t('m.recovery.sent', { email })} />
          <Field
            label={t('m.recovery.code')}
            value={code}
            onChangeText={setCode}
            keyboardType="number-pad"
            autoComplete="one-time-code"
            error={errors.code}
          />
          <Field
            label={t('m.recovery.password')}
            value={password}
            onChangeText={setPassword}
            secureTextEntry
            autoComplete="new-password"
            error={errors.password}
          />
          <Button
            label={t('m.recovery.submit')}
            onPress={() => void setNewPassword()}
            disabled={busy}
          />
        </>
      ) : null}
      {step === 'done' ? <Notice text={t('m.recovery.done')} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Text accessibilityRole="link" onPress={onSignIn} style={{ color: '#8ab4ff', padding: 8 }}>
        {t('m.recovery.back')}
      </Text>
    </Screen>
  );
}
