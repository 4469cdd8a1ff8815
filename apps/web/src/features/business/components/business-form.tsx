import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { businessApplySchema, type Business, type BusinessApply } from '@meeet/core/api/business';
import { BusinessCategory } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useApplyBusiness } from '../api/my-business.ts';
import { NS } from '../i18n.ts';
import { BusinessImagePicker } from './business-image-picker.tsx';
import { CategoryField } from './category-field.tsx';

interface Values {
  legalName: string;
  registrationNumber: string;
  country: string;
  address: string;
  website: string;
  contact: string;
  category: BusinessCategory;
  venueLat: string;
  venueLon: string;
  logoMediaId: string | null;
}

const FIELDS = ['legalName', 'registrationNumber', 'country', 'address', 'website', 'contact'];

function toValues(business: Business | null): Values {
  return {
    legalName: business?.legalName ?? '',
    registrationNumber: business?.registrationNumber ?? '',
    country: business?.country ?? '',
    address: business?.address ?? '',
    website: business?.website ?? '',
    contact: business?.contact ?? '',
    category: business?.category ?? BusinessCategory.CAFE,
    venueLat: business?.venue ? String(business.venue.lat) : '',
    venueLon: business?.venue ? String(business.venue.lon) : '',
    logoMediaId: business?.logoMediaId ?? null,
  };
}

/** The company's legal details, contact, category and the venue's coordinates. */
function BusinessTextFields() {
  const { t } = useTranslation(NS);
  return (
    <>
      <FormTextField
        name="legalName"
        testId="business-legal-name"
        label={t('form.legal-name')}
        required
      />
      <FormTextField
        name="registrationNumber"
        testId="business-registration-number"
        label={t('form.registration-number')}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          name="country"
          testId="business-country"
          label={t('form.country')}
          required
        />
        <CategoryField testId="business-category" />
      </Stack>
      <FormTextField name="address" testId="business-address" label={t('form.address')} required />
      <FormTextField name="website" testId="business-website" label={t('form.website')} />
      <FormTextField name="contact" testId="business-contact" label={t('form.contact')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          name="venueLat"
          testId="business-venue-lat"
          label={t('form.venue-lat')}
          hint={t('form.venue-hint')}
          inputMode="decimal"
        />
        <FormTextField
          name="venueLon"
          testId="business-venue-lon"
          label={t('form.venue-lon')}
          inputMode="decimal"
        />
      </Stack>
    </>
  );
}

/** The application, validated by the very schema the server uses; filled from the last one. */
export function BusinessForm({ business }: { business: Business | null }) {
  const { t } = useTranslation([NS, 'core']);
  const apply = useApplyBusiness();
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm<Values, BusinessApply>({
    schema: businessApplySchema,
    defaultValues: toValues(business),
    toInput: ({ venueLat, venueLon, ...values }) => ({
      ...values,
      venue:
        venueLat.trim() === '' && venueLon.trim() === ''
          ? null
          : { lat: Number(venueLat), lon: Number(venueLon) },
    }),
  });
  const logoId = useWatch({ control: app.form.control, name: 'logoMediaId' });

  const onSubmit = async (body: BusinessApply) => {
    setFailure(null);
    const result = await apply.mutateAsync(body);
    if (!result.ok && !showServerFieldErrors(app.form, result, FIELDS)) {
      setFailure(failureMessage(result, t('form.error')));
    }
  };

  return (
    <AppForm
      form={app}
      onSubmit={onSubmit}
      testId="business-form"
      aria-labelledby="business-form-title"
    >
      <Typography variant="h6" component="h2" id="business-form-title" gutterBottom>
        {t('form.title')}
      </Typography>
      <Stack spacing={2}>
        <BusinessTextFields />
        <BusinessImagePicker
          imageId={logoId}
          labels={{
            add: t('form.logo-add'),
            replace: t('form.logo-replace'),
            alt: t('form.logo-alt'),
            error: t('form.error'),
          }}
          testId="business-logo-input"
          onImage={(id) => app.form.setValue('logoMediaId', id, { shouldDirty: true })}
          onError={setFailure}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={apply.isPending}
            data-testid="business-submit"
          >
            {t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </AppForm>
  );
}
