import { useState } from 'react';
import { Text } from 'react-native';
import { authResponseSchema, registerRequestSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../lib/api.ts';
import { fieldErrors, type FieldErrors } from '../../lib/forms.ts';
import { useI18n } from '../../lib/i18n.ts';
import { saveAuth } from '../../lib/session.ts';
import { Button, Chip, ErrorBox, Field, Screen } from '../../components/ui.tsx';

/** E-mail and password now, the profile on the next screen (spec §7 allows both ways). */
export function RegisterScreen({ onSignIn }: { onSignIn: () => void }) {
  const { t, locale } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [promocode, setPromocode] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = registerRequestSchema.safeParse({
      email,
      password,
      locale,
      acceptTerms: accepted,
      ...(promocode.trim() ? { promocode: promocode.trim() } : {}),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    setErrors({});
    setFailure(null);
    setBusy(true);
    const result = await api.post(userPaths.register, parsed.data, authResponseSchema);
    setBusy(false);
    if (!result.ok) {
      if (result.fields) setErrors(result.fields);
      return setFailure(result.error);
    }
    await saveAuth(result.data);
  }

  return (
    <Screen title={t('m.auth.register.title')}>
      <Field
        label={t('m.auth.email')}
        value={email}
        onChangeText={setEmail}
        autoCapitalize="none"
        keyboardType="email-address"
        error={errors.email}
      />
      <Field
        label={t('m.auth.password')}
        value={password}
        onChangeText={setPassword}
        secureTextEntry
        autoComplete="new-password"
        error={errors.password}
      />
      <Field
        label={t('m.auth.promocode')}
        value={promocode}
        onChangeText={setPromocode}
        autoCapitalize="characters"
        error={errors.promocode}
      />
      <Chip
        label={t('m.auth.accept-terms')}
        selected={accepted}
        onPress={() => setAccepted(!accepted)}
      />
      {errors.acceptTerms ? <Text style={{ color: '#ff6b6b' }}>{errors.acceptTerms}</Text> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button label={t('m.auth.register.submit')} onPress={() => void submit()} disabled={busy} />
      <Text accessibilityRole="link" onPress={onSignIn} style={{ color: '#8ab4ff', padding: 8 }}>
        {t('m.auth.have-account')}
      </Text>
    </Screen>
  );
}
