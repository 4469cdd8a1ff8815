import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../i18n/react.ts';
import type { UserPrivate } from '@meeet/core/api/user';
import { isoToBirthDate } from '@meeet/core/rules/birth-date';
import type { CurrentUser } from '../../lib/current-user.ts';
import { AppForm } from '../form/app-form.tsx';
import { FormRadioGroup } from '../form/form-radio-group.tsx';
import { FormTextField } from '../form/form-text-field.tsx';
import { useAppForm } from '../form/use-app-form.ts';
import type { ValidateOn } from '../form/validate-on.ts';
import { useDomainAvailableCheck } from './api/check-domain-available.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { formatBirthDateInput } from './birth-date-input.ts';
import { countries } from './countries.ts';
import {
  profileFormInput,
  profileFormSchema,
  type ProfileFormOutput,
  type ProfileFormValues,
} from './profile-form-schema.ts';

const NS = 'profile-form';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function initialValues(user: CurrentUser | null | undefined): ProfileFormValues {
  return {
    firstName: text(user?.firstName),
    lastName: text(user?.lastName),
    surName: text(user?.surName),
    domain: text(user?.domain),
    gender: user?.gender === 0 || user?.gender === 1 ? user.gender : null,
    bdate: isoToBirthDate(text(user?.bdate)),
    phone: text(user?.phone),
    country: text(user?.country),
  };
}

/**
 * The profile fields of spec §3, shared by "Complete your profile" and "Personal data":
 * POST /user/profile-update, the nickname checked with the server while typing. Once KYC is
 * approved the name and surname are shown but not sent (the server refuses a change too).
 */
export function ProfileForm({
  user,
  submitLabel,
  onSaved,
  lockNames = false,
  validateOn,
}: {
  user: CurrentUser | null | undefined;
  submitLabel: string;
  onSaved: (user: UserPrivate) => void;
  lockNames?: boolean;
  validateOn?: ValidateOn;
}) {
  const { t, i18n } = useTranslation([NS, 'core']);
  const update = useUpdateProfile();
  const checkDomain = useDomainAvailableCheck();
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: profileFormSchema,
    defaultValues: initialValues(user),
    validateOn,
    toInput: profileFormInput,
    asyncChecks: { domain: checkDomain },
  });
  const countryList = useMemo(() => countries(i18n.language), [i18n.language]);

  const onSubmit = async (values: ProfileFormOutput) => {
    setFailure(null);
    // Locked names are not sent at all: unchanged they would pass, but there is nothing to say.
    const { firstName, lastName, ...rest } = values;
    const result = await update.mutateAsync(lockNames ? rest : { ...rest, firstName, lastName });
    if (result.ok) {
      app.reset(initialValues(result.data));
      onSaved(result.data);
      return;
    }
    const fields = Object.entries(result.fields ?? {}).filter(([name]) => name in values);
    for (const [name, message] of fields) {
      app.form.setError(name as keyof ProfileFormValues, { type: 'server', message });
    }
    if (fields.length === 0)
      setFailure(result.error !== 'ERROR' ? result.error : t('error.unknown'));
  };

  const domainState = app.fieldState('domain');
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="profile-form">
      <Stack spacing={2.5}>
        {lockNames && (
          <Alert severity="info" data-testid="profile-names-locked">
            {t('names-locked')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField
            name="firstName"
            testId="profile-first-name"
            label={t('field.first-name')}
            autoComplete="given-name"
            disabled={lockNames}
            required
          />
          <FormTextField
            name="lastName"
            testId="profile-last-name"
            label={t('field.last-name')}
            autoComplete="family-name"
            disabled={lockNames}
            required
          />
        </Stack>
        <FormTextField
          name="surName"
          testId="profile-sur-name"
          label={t('field.sur-name')}
          autoComplete="additional-name"
        />
        <FormTextField
          name="domain"
          testId="profile-domain"
          label={t('field.domain')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={domainState === 'validating' ? t('field.domain-checking') : t('field.domain-hint')}
          required
        />
        <FormRadioGroup
          name="gender"
          testId="profile-gender"
          label={t('field.gender')}
          options={[
            { value: 0, label: t('gender.male'), testId: 'profile-gender-male' },
            { value: 1, label: t('gender.female'), testId: 'profile-gender-female' },
          ]}
        />
        <FormTextField
          name="bdate"
          testId="profile-bdate"
          label={t('field.bdate')}
          placeholder={t('field.bdate-hint')}
          hint={t('field.bdate-hint')}
          transform={formatBirthDateInput}
          autoComplete="bday"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          required
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField
            name="phone"
            testId="profile-phone"
            label={t('field.phone')}
            type="tel"
            autoComplete="tel"
          />
          <FormTextField
            name="country"
            testId="profile-country"
            label={t('field.country')}
            select
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('field.country-none')}</option>
            {countryList.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </FormTextField>
        </Stack>
        {failure && (
          <Alert severity="error" role="alert" data-testid="profile-error">
            {failure}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={app.form.formState.isSubmitting}
            data-testid="profile-submit"
          >
            {app.form.formState.isSubmitting ? t('saving') : submitLabel}
          </Button>
        </div>
      </Stack>
    </AppForm>
  );
}
