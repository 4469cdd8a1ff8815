import { useState } from 'react';
import { Text } from 'react-native';
import { authResponseSchema, loginRequestSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { encodeFactorProof } from '@meeet/core/api/factors';
import { FACTOR_HEADER } from '@meeet/core/api/factors-paths';
import { api } from '../../lib/api.ts';
import { fieldErrors, type FieldErrors } from '../../lib/forms.ts';
import { useI18n } from '../../lib/i18n.ts';
import { EmailField } from './email-field.tsx';
import { saveAuth } from '../../lib/session.ts';
import { Button, ErrorBox, Field, Screen } from '../../components/ui.tsx';
import { AppleSignIn } from './apple-sign-in.tsx';
import { accountNoticeStore } from '../account/account-notice.tsx';

/** The factor header of a typed code: six digits from an app, else a recovery code. */
function factorProof(text: string): string | null {
  const code = text.trim();
  if (!code) return null;
  return encodeFactorProof(
    /^\d{6}$/.test(code) ? { kind: 'totp', code } : { kind: 'recovery', code },
  );
}

export function SignInScreen({
  onRegister,
  onRecovery,
}: {
  onRegister: () => void;
  onRecovery?: () => void;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set once the server asks this new device for a second factor (the app takes codes only).
  const [factorAsked, setFactorAsked] = useState(false);
  const [factorCode, setFactorCode] = useState('');

  async function submit() {
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    setErrors({});
    setFailure(null);
    setBusy(true);
    const factor = factorProof(factorCode);
    const result = await api.post(
      userPaths.login,
      parsed.data,
      authResponseSchema,
      factor ? { headers: { [FACTOR_HEADER]: factor } } : undefined,
    );
    setBusy(false);
    if (!result.ok) {
      if (result.errorCode === 'FACTOR_REQUIRED' || result.errorCode === 'FACTOR_INVALID')
        setFactorAsked(true);
      return setFailure(result.error);
    }
    // Signing in within the grace period cancelled a requested deletion (issue 43): say so.
    if (result.data.deletionCancelled) accountNoticeStore.set('m.account.delete.cancelled');
    await saveAuth(result.data);
  }

  return (
    <Screen title={t('m.auth.sign-in.title')}>
      <EmailField value={email} onChangeText={setEmail} error={errors.email} />
      <Field
        label={t('m.auth.password')}
        value={password}
        onChangeText={setPassword}
        secureTextEntry
        autoComplete="password"
        error={errors.password}
      />
      {factorAsked ? (
        <Field
          label={t('m.auth.factor-code')}
          value={factorCode}
          onChangeText={setFactorCode}
          autoCapitalize="characters"
          autoComplete="one-time-code"
        />
      ) : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button label={t('m.auth.sign-in.submit')} onPress={() => void submit()} disabled={busy} />
      <AppleSignIn onFailure={setFailure} />
      <SignInLinks onRegister={onRegister} onRecovery={onRecovery} />
    </Screen>
  );
}

/** "Forgot your password?" (when the host offers recovery) and "No account yet? Join". */
function SignInLinks({
  onRegister,
  onRecovery,
}: {
  onRegister: () => void;
  onRecovery?: (() => void) | undefined;
}) {
  const { t } = useI18n();
  const link = { color: '#8ab4ff', padding: 8 };
  return (
    <>
      {onRecovery ? (
        <Text accessibilityRole="link" onPress={onRecovery} style={link}>
          {t('m.recovery.link')}
        </Text>
      ) : null}
      <Text accessibilityRole="link" onPress={onRegister} style={link}>
        {t('m.auth.no-account')}
      </Text>
    </>
  );
}
