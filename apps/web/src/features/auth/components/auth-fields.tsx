import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

/** A mailed code keeps its six digits only, whatever was pasted around them. */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The e-mail address of an auth form (field `email`). */
export function EmailField({ testId }: { testId: string }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <FormTextField
      name="email"
      testId={testId}
      label={t('field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
    />
  );
}

/** The six-digit code mailed to the user (field `code`). */
export function MailedCodeField({ testId }: { testId: string }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <FormTextField
      name="code"
      testId={testId}
      label={t('field.code')}
      hint={t('field.code-hint')}
      transform={digitsOnly}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      required
    />
  );
}

/**
 * A new password and its confirmation (fields `password`, `confirmPassword`); test ids are
 * `<prefix>-password` and `<prefix>-password-confirm`.
 */
export function NewPasswordFields({
  testIdPrefix,
  label,
}: {
  testIdPrefix: string;
  label: string;
}) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <>
      <FormTextField
        name="password"
        testId={`${testIdPrefix}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t('field.password-hint')}
        required
      />
      <FormTextField
        name="confirmPassword"
        testId={`${testIdPrefix}-password-confirm`}
        label={t('field.password-confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

/** The referral promo code of a new account (field `promocode`), typed as it is printed. */
export function PromocodeField({ testId }: { testId: string }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <FormTextField
      name="promocode"
      testId={testId}
      label={t('field.promocode')}
      autoCapitalize="characters"
      spellCheck={false}
    />
  );
}
