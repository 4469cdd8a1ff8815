import { useI18n } from '../../lib/i18n.ts';
import { Field } from '../../components/ui.tsx';

/** The e-mail field of the sign-in and recovery forms. */
export function EmailField({
  value,
  onChangeText,
  error,
}: {
  value: string;
  onChangeText: (text: string) => void;
  error: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Field
      label={t('m.auth.email')}
      value={value}
      onChangeText={onChangeText}
      autoCapitalize="none"
      autoComplete="email"
      keyboardType="email-address"
      error={error}
    />
  );
}
