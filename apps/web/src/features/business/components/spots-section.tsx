import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { spotInputSchema, type Position, type SpotValues } from '@meeet/core/api/business';
import { BusinessCategory } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useCreateSpot, useMySpots } from '../api/spots.ts';
import { NS } from '../i18n.ts';

interface Values {
  name: string;
  category: BusinessCategory;
  openingHours: string;
  lat: string;
  lon: string;
  perk: string;
}

const FIELDS = ['name', 'category', 'openingHours', 'lat', 'lon', 'perk'];

/** An approved venue's spots (with how many meetings each hosted) and publishing a new one. */
export function SpotsSection({ venue, category }: { venue: Position; category: BusinessCategory }) {
  const { t } = useTranslation([NS, 'core']);
  const spots = useMySpots(true);
  const create = useCreateSpot();
  const [failure, setFailure] = useState<string | null>(null);
  const empty: Values = {
    name: '',
    category,
    openingHours: '',
    lat: String(venue.lat),
    lon: String(venue.lon),
    perk: '',
  };
  const app = useAppForm<Values, SpotValues>({
    schema: spotInputSchema,
    defaultValues: empty,
    toInput: (values) => ({ ...values, lat: Number(values.lat), lon: Number(values.lon) }),
  });

  const onSubmit = async (body: SpotValues) => {
    setFailure(null);
    const result = await create.mutateAsync(body);
    if (result.ok) app.reset(empty);
    else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setFailure(failureMessage(result, t('spots.error')));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="business-spots">
      <Typography variant="h6" component="h2" id="spots-title" gutterBottom>
        {t('spots.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('spots.hint')}
      </Typography>
      <List dense>
        {(spots.data ?? []).map((spot) => (
          <ListItem key={spot.id} disableGutters data-testid={`business-spot-${spot.id}`}>
            <ListItemText
              primary={spot.name}
              secondary={[
                spot.openingHours,
                spot.perk,
                t('spots.hosted', { count: spot.meetingsHosted }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
        {spots.isSuccess && spots.data.length === 0 && (
          <Typography color="text.secondary">{t('spots.empty')}</Typography>
        )}
      </List>
      <AppForm form={app} onSubmit={onSubmit} testId="spot-form" aria-labelledby="spots-title">
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="name" testId="spot-name" label={t('spots.name')} required />
            <FormTextField name="category" testId="spot-category" label={t('form.category')} select>
              {Object.values(BusinessCategory).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`category.${value}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
          <FormTextField
            name="openingHours"
            testId="spot-hours"
            label={t('spots.hours')}
            required
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="lat" testId="spot-lat" label={t('spots.lat')} required />
            <FormTextField name="lon" testId="spot-lon" label={t('spots.lon')} required />
          </Stack>
          <FormTextField name="perk" testId="spot-perk" label={t('spots.perk')} />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box>
            <Button type="submit" variant="outlined" disabled={create.isPending}>
              {t('spots.add')}
            </Button>
          </Box>
        </Stack>
      </AppForm>
    </Paper>
  );
}
