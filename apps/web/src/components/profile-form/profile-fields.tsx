import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../i18n/react.ts';
import { FormRadioGroup } from '../form/form-radio-group.tsx';
import { FormTextField } from '../form/form-text-field.tsx';
import { formatBirthDateInput } from './birth-date-input.ts';
import { countries } from './countries.ts';

const NS = 'profile-form';

/** First and last name (locked once KYC is approved), and the optional middle name. */
export function NameFields({ locked }: { locked: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <FormTextField
          name="firstName"
          testId="profile-first-name"
          label={t('field.first-name')}
          autoComplete="given-name"
          disabled={locked}
          required
        />
        <FormTextField
          name="lastName"
          testId="profile-last-name"
          label={t('field.last-name')}
          autoComplete="family-name"
          disabled={locked}
          required
        />
      </Stack>
      <FormTextField
        name="surName"
        testId="profile-sur-name"
        label={t('field.sur-name')}
        autoComplete="additional-name"
      />
    </>
  );
}

/** The nickname (checked with the server while typing), gender and birth date. */
export function PersonFields({ checkingDomain }: { checkingDomain: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <FormTextField
        name="domain"
        testId="profile-domain"
        label={t('field.domain')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={checkingDomain ? t('field.domain-checking') : t('field.domain-hint')}
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
    </>
  );
}

/** Phone and country (the list in the page's language), both optional. */
export function ContactFields() {
  const { t, i18n } = useTranslation(NS);
  const countryList = useMemo(() => countries(i18n.language), [i18n.language]);
  return (
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
  );
}
