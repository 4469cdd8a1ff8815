import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  spotInputSchema,
  type OwnSpot,
  type Position,
  type SpotValues,
} from '@meeet/core/api/business';
import type { BusinessCategory } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useCreateSpot, useDeleteSpot, useMySpots, useUpdateSpot } from '../api/spots.ts';
import { NS } from '../i18n.ts';
import { BusinessImagePicker } from './business-image-picker.tsx';
import { CategoryField } from './category-field.tsx';

interface Values {
  name: string;
  category: BusinessCategory;
  openingHours: string;
  photoMediaId: string | null;
  lat: string;
  lon: string;
  perk: string;
}

const FIELDS = ['name', 'category', 'openingHours', 'photoMediaId', 'lat', 'lon', 'perk'];

const valuesOf = (spot: OwnSpot): Values => ({
  name: spot.name,
  category: spot.category,
  openingHours: spot.openingHours,
  photoMediaId: spot.photoMediaId,
  lat: String(spot.lat),
  lon: String(spot.lon),
  perk: spot.perk ?? '',
});

/** The venue's spots, each with how many meetings it hosted, to edit or remove. */
function SpotList({ onEdit, editingId }: { onEdit: (spot: OwnSpot) => void; editingId?: number }) {
  const { t } = useTranslation([NS, 'core']);
  const spots = useMySpots(true);
  const remove = useDeleteSpot();
  return (
    <List dense>
      {(spots.data ?? []).map((spot) => (
        <ListItem
          key={spot.id}
          disableGutters
          data-testid={`business-spot-${spot.id}`}
          secondaryAction={
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => onEdit(spot)} disabled={editingId === spot.id}>
                {t('spots.edit')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={remove.isPending || editingId === spot.id}
                onClick={() => remove.mutate(spot.id)}
              >
                {t('spots.delete')}
              </Button>
            </Stack>
          }
        >
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
  );
}

/** The spot's name, category, opening hours, position and perk. */
function SpotTextFields() {
  const { t } = useTranslation(NS);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name="name" testId="spot-name" label={t('spots.name')} required />
        <CategoryField testId="spot-category" />
      </Stack>
      <FormTextField name="openingHours" testId="spot-hours" label={t('spots.hours')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name="lat" testId="spot-lat" label={t('spots.lat')} required />
        <FormTextField name="lon" testId="spot-lon" label={t('spots.lon')} required />
      </Stack>
      <FormTextField name="perk" testId="spot-perk" label={t('spots.perk')} />
    </>
  );
}

/** The spot form's state: which spot is edited, its saving and the failure shown. */
function useSpotForm(venue: Position, category: BusinessCategory) {
  const { t } = useTranslation([NS, 'core']);
  const create = useCreateSpot();
  const update = useUpdateSpot();
  const [editing, setEditing] = useState<OwnSpot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const empty: Values = {
    name: '',
    category,
    openingHours: '',
    photoMediaId: null,
    lat: String(venue.lat),
    lon: String(venue.lon),
    perk: '',
  };
  const app = useAppForm<Values, SpotValues>({
    schema: spotInputSchema,
    defaultValues: empty,
    toInput: (values) => ({ ...values, lat: Number(values.lat), lon: Number(values.lon) }),
  });
  const startEdit = (spot: OwnSpot | null) => {
    setFailure(null);
    setEditing(spot);
    app.reset(spot ? valuesOf(spot) : empty);
  };

  const onSubmit = async (body: SpotValues) => {
    setFailure(null);
    const result = editing
      ? await update.mutateAsync({ id: editing.id, body })
      : await create.mutateAsync(body);
    if (result.ok) startEdit(null);
    else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setFailure(failureMessage(result, t('spots.error')));
    }
  };
  const pending = create.isPending || update.isPending;
  return { app, editing, failure, setFailure, startEdit, onSubmit, pending };
}

/** An approved venue's spots: publish a new one, or edit or remove one (with its photo). */
export function SpotsSection({ venue, category }: { venue: Position; category: BusinessCategory }) {
  const { t } = useTranslation(NS);
  const { app, editing, failure, setFailure, startEdit, onSubmit, pending } = useSpotForm(
    venue,
    category,
  );
  const photoId = useWatch({ control: app.form.control, name: 'photoMediaId' });

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="business-spots">
      <Typography variant="h6" component="h2" id="spots-title" gutterBottom>
        {t('spots.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('spots.hint')}
      </Typography>
      <SpotList onEdit={startEdit} editingId={editing?.id} />
      <AppForm form={app} onSubmit={onSubmit} testId="spot-form" aria-labelledby="spots-title">
        <Stack spacing={2}>
          {editing && (
            <Typography variant="subtitle1">
              {t('spots.editing', { name: editing.name })}
            </Typography>
          )}
          <SpotTextFields />
          <BusinessImagePicker
            imageId={photoId}
            labels={{
              add: t('spots.photo-add'),
              replace: t('spots.photo-replace'),
              alt: t('spots.photo-alt'),
              error: t('spots.error'),
            }}
            testId="spot-photo-input"
            onImage={(id) => app.form.setValue('photoMediaId', id, { shouldDirty: true })}
            onError={setFailure}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="outlined" disabled={pending} data-testid="spot-submit">
              {editing ? t('spots.save') : t('spots.add')}
            </Button>
            {editing && <Button onClick={() => startEdit(null)}>{t('spots.cancel')}</Button>}
          </Stack>
        </Stack>
      </AppForm>
    </Paper>
  );
}
