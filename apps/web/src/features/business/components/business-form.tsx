import { useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { businessApplySchema, type Business, type BusinessApply } from '@meeet/core/api/business';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { BusinessCategory } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { buildUrl } from '../../../lib/api-client.ts';
import { uploadBusinessImage, useApplyBusiness } from '../api/my-business.ts';
import { NS } from '../i18n.ts';

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

/** The application, validated by the very schema the server uses; filled from the last one. */
export function BusinessForm({ business }: { business: Business | null }) {
  const { t } = useTranslation([NS, 'core']);
  const apply = useApplyBusiness();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
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

  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    const result = await uploadBusinessImage(file);
    setUploading(false);
    const [image] = result.ok ? result.data.list : [];
    if (image) app.form.setValue('logoMediaId', image.id, { shouldDirty: true });
    else if (!result.ok) setFailure(failureMessage(result, t('form.error')));
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
          <FormTextField
            name="category"
            testId="business-category"
            label={t('form.category')}
            select
          >
            {Object.values(BusinessCategory).map((value) => (
              <MenuItem key={value} value={value}>
                {t(`category.${value}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <FormTextField
          name="address"
          testId="business-address"
          label={t('form.address')}
          required
        />
        <FormTextField name="website" testId="business-website" label={t('form.website')} />
        <FormTextField
          name="contact"
          testId="business-contact"
          label={t('form.contact')}
          required
        />
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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {logoId && (
            <Box
              component="img"
              src={buildUrl(mediaPaths.image(logoId))}
              alt={t('form.logo-alt')}
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Button component="label" variant="outlined" disabled={uploading}>
            {logoId ? t('form.logo-replace') : t('form.logo-add')}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label={logoId ? t('form.logo-replace') : t('form.logo-add')}
              data-testid="business-logo-input"
              onChange={(event) => void onLogo(event)}
            />
          </Button>
        </Stack>
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
