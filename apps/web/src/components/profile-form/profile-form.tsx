import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../i18n/react.ts';
import type { UserPrivate } from '@meeet/core/api/user';
import { isoToBirthDate } from '@meeet/core/rules/birth-date';
import type { CurrentUser } from '../../lib/current-user.ts';
import { AppForm } from '../form/app-form.tsx';
import { useAppForm } from '../form/use-app-form.ts';
import type { ValidateOn } from '../form/validate-on.ts';
import { useDomainAvailableCheck } from './api/check-domain-available.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { ContactFields, NameFields, PersonFields } from './profile-fields.tsx';
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
  const { t } = useTranslation([NS, 'core']);
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

  return (
    <AppForm form={app} onSubmit={onSubmit} testId="profile-form">
      <Stack spacing={2.5}>
        {lockNames && (
          <Alert severity="info" data-testid="profile-names-locked">
            {t('names-locked')}
          </Alert>
        )}
        <NameFields locked={lockNames} />
        <PersonFields checkingDomain={app.fieldState('domain') === 'validating'} />
        <ContactFields />
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
