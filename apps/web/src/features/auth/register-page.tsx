import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { SubmitWithError } from '../../components/form/submit-with-error.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { registerRequestSchema, type RegisterRequest } from '@meeet/core/api/user';
import { passwordsMatch } from '@meeet/core/rules/password';
import { paths } from '../../app/paths.ts';
import { AppForm } from '../../components/form/app-form.tsx';
import { FormCheckbox } from '../../components/form/form-checkbox.tsx';
import { failureMessage, showServerFieldErrors } from '../../components/form/server-errors.ts';
import { useAppForm } from '../../components/form/use-app-form.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { usePromocodeCheck } from './api/check-promocode.ts';
import { useRegister } from './api/register.ts';
import { AppleLink } from './components/apple-link.tsx';
import { EmailField, NewPasswordFields, PromocodeField } from './components/auth-fields.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { AuthSwitch } from './components/auth-switch.tsx';
import { TermsLabel } from './components/terms-label.tsx';
import { NS } from './i18n.ts';
import { useFinishSignUp } from './finish-sign-up.ts';
import { forgetReferralPromocode, useReferralPromocode } from './promocode.ts';

interface RegisterValues {
  email: string;
  password: string;
  confirmPassword: string;
  promocode: string;
  acceptTerms: boolean;
}

const FIELDS = ['email', 'password', 'confirmPassword', 'promocode', 'acceptTerms'];

/** The confirmation stays on the page; an empty promo code is no promo code. */
const toRequest = ({ confirmPassword: _confirmation, promocode, ...rest }: RegisterValues) => ({
  ...rest,
  promocode: promocode.trim() === '' ? undefined : promocode,
});

/** Under a refused promo code: register without one. */
function WithoutPromocode({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Box sx={{ mt: '-8px !important' }}>
      <Button size="small" onClick={onClick} data-testid="register-promocode-skip">
        {t('register.without-promocode')}
      </Button>
    </Box>
  );
}

/** /auth/register ("Join"). Spec §4: success saves auth and replaces the route with account. */
export default function RegisterPage() {
  const { t } = useTranslation([NS, 'core']);
  const finishSignUp = useFinishSignUp();
  const register = useRegister();
  const promocode = useReferralPromocode();
  const [failure, setFailure] = useState<string | null>(null);
  const checkPromocode = usePromocodeCheck();
  const app = useAppForm({
    schema: registerRequestSchema,
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      promocode,
      acceptTerms: false,
    } satisfies RegisterValues,
    toInput: toRequest,
    checks: {
      confirmPassword: (values) => passwordsMatch(values.password, values.confirmPassword),
    },
    // A code naming no one is explained while typing, not only after "Join".
    asyncChecks: { promocode: checkPromocode },
    dependents: { password: ['confirmPassword'] },
  });
  const promocodeRefused = Boolean(app.form.formState.errors.promocode);
  const continueWithoutPromocode = () => {
    forgetReferralPromocode();
    app.form.setValue('promocode', '', { shouldValidate: true });
  };

  const onSubmit = async (values: RegisterRequest) => {
    setFailure(null);
    const result = await register.mutateAsync({ ...values, locale: currentLocale() });
    if (!result.ok) {
      if (!showServerFieldErrors(app.form, result, FIELDS))
        setFailure(failureMessage(result, t('error.unknown')));
      return;
    }
    finishSignUp(result.data);
  };

  const submitting = app.form.formState.isSubmitting;
  return (
    <AuthLayout
      testId="register-page"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
    >
      <AppForm form={app} onSubmit={onSubmit} testId="register-form">
        <Stack spacing={2.5}>
          <EmailField testId="register-email" />
          <NewPasswordFields testIdPrefix="register" label={t('field.password')} />
          <PromocodeField testId="register-promocode" />
          {promocodeRefused && <WithoutPromocode onClick={continueWithoutPromocode} />}
          <FormCheckbox name="acceptTerms" testId="register-accept-terms" label={<TermsLabel />} />
          <SubmitWithError
            failure={failure}
            submitting={submitting}
            label={t('register.submit')}
            submittingLabel={t('register.submitting')}
            errorTestId="register-error"
            submitTestId="register-submit"
          />
        </Stack>
      </AppForm>
      <Divider sx={{ my: 3 }}>{t('or')}</Divider>
      <AppleLink label={t('apple.sign-up')} testId="register-apple" />
      <AuthSwitch
        question={t('register.have-account')}
        label={t('register.to-login')}
        to={paths.auth.login.getHref()}
        testId="register-to-login"
      />
    </AuthLayout>
  );
}
