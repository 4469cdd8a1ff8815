import { useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { adCampaignSaveSchema, type AdCampaignSave } from '@meeet/core/api/ads';
import { Mood } from '@meeet/core/api/meet';
import { GENDERS, NFT_TYPES, nftTypeName, type Gender, type NftType } from '@meeet/core/enums';
import { LOCALES, type Locale } from '@meeet/core/i18n/locale';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormCheckboxGroup } from '../../../components/form/form-checkbox-group.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { countries } from '../../../components/profile-form/countries.ts';
import { useSaveAdCampaign } from '../api/ad-campaigns.ts';
import { NS } from '../i18n.ts';

/** Comma-separated lists in the form (moods and levels: checkboxes); the contract takes arrays. */
interface CampaignFormValues {
  title: string;
  text: string;
  link: string;
  placements: string;
  languages: string[];
  /** ISO 3166-1 alpha-2 codes picked from the list. */
  countries: string[];
  /** Gender values as text (checkbox values). */
  genders: string[];
  ageMin: string;
  ageMax: string;
  moods: string[];
  /** NftType values as text (checkbox values). */
  levels: string[];
  startsAt: string;
  endsAt: string;
  dailyCap: string;
  viewerDailyCap: string;
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const isoOrNull = (text: string) => (text ? new Date(text).toISOString() : null);

const EMPTY: CampaignFormValues = {
  title: '',
  text: '',
  link: 'https://',
  placements: 'home, faq, account, app',
  languages: [],
  countries: [],
  genders: [],
  ageMin: '',
  ageMax: '',
  moods: [],
  levels: [],
  startsAt: '',
  endsAt: '',
  dailyCap: '',
  viewerDailyCap: '3',
};

const FIELDS = Object.keys(EMPTY);
const MOODS = Object.values(Mood);

/** Countries picked by name in the interface language; the codes are what the campaign keeps. */
function CountryPicker({
  control,
}: {
  control: Control<CampaignFormValues, unknown, AdCampaignSave>;
}) {
  const { t, i18n } = useTranslation(NS);
  const { field } = useController({ control, name: 'countries' });
  const options = useMemo(() => countries(i18n.language), [i18n.language]);
  const byCode = useMemo(() => new Map(options.map((c) => [c.code, c])), [options]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={field.value.flatMap((code) => byCode.get(code) ?? [])}
      onChange={(_event, picked) => field.onChange(picked.map((country) => country.code))}
      getOptionLabel={(country) => country.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('ads.field.countries')}
          helperText={t('ads.hint.none-any')}
        />
      )}
    />
  );
}

/** A text field of the campaign form, named, labelled and test-id'd after its value. */
function useCampaignField() {
  const { t } = useTranslation(NS);
  return (name: keyof CampaignFormValues, extra: object = {}) => (
    <FormTextField name={name} testId={`ads-${name}`} label={t(`ads.field.${name}`)} {...extra} />
  );
}

/** Whom the campaign is shown to: languages, countries, genders, ages, moods and levels. */
function CampaignAudienceFields({
  control,
}: {
  control: Control<CampaignFormValues, unknown, AdCampaignSave>;
}) {
  const { t } = useTranslation(NS);
  const field = useCampaignField();
  return (
    <>
      <FormCheckboxGroup
        name="languages"
        testId="ads-languages"
        label={t('ads.field.languages')}
        hint={t('ads.hint.none-any')}
        options={LOCALES.map((locale) => ({
          value: locale,
          label: t(`ads.language.${locale}`),
        }))}
      />
      <CountryPicker control={control} />
      <FormCheckboxGroup
        name="genders"
        testId="ads-genders"
        label={t('ads.field.genders')}
        hint={t('ads.hint.none-any')}
        options={GENDERS.map((gender) => ({
          value: String(gender),
          label: t(`ads.gender.${gender}`),
        }))}
      />
      <Stack direction="row" spacing={2}>
        {field('ageMin', { type: 'number' })}
        {field('ageMax', { type: 'number' })}
      </Stack>
      <FormCheckboxGroup
        name="moods"
        testId="ads-moods"
        label={t('ads.field.moods')}
        hint={t('ads.hint.moods')}
        options={MOODS.map((mood) => ({ value: mood, label: t(`ads.mood.${mood}`) }))}
      />
      <FormCheckboxGroup
        name="levels"
        testId="ads-levels"
        label={t('ads.field.levels')}
        hint={t('ads.hint.levels')}
        options={NFT_TYPES.map((level) => ({
          value: String(level),
          label: nftTypeName(level),
        }))}
      />
    </>
  );
}

/** The campaign form's state, its conversion to the contract and its saving. */
function useCampaignForm() {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveAdCampaign();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const app = useAppForm<CampaignFormValues, AdCampaignSave>({
    schema: adCampaignSaveSchema as never,
    defaultValues: EMPTY,
    toInput: (v) => ({
      title: v.title,
      text: v.text,
      link: v.link,
      placements: list(v.placements),
      languages: v.languages as Locale[],
      countries: v.countries,
      genders: v.genders.map(Number) as Gender[],
      ageMin: numberOrNull(v.ageMin),
      ageMax: numberOrNull(v.ageMax),
      moods: v.moods as Mood[],
      levels: v.levels.map(Number) as NftType[],
      startsAt: isoOrNull(v.startsAt) ?? new Date().toISOString(),
      endsAt: isoOrNull(v.endsAt),
      dailyCap: numberOrNull(v.dailyCap),
      viewerDailyCap: Number(v.viewerDailyCap || '3'),
    }),
  });
  const onSubmit = async (body: AdCampaignSave) => {
    const result = await save.mutateAsync(body);
    if (result.ok) {
      setOutcome({ ok: true, text: t('ads.saved') });
      app.reset(EMPTY);
    } else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setOutcome({ ok: false, text: failureMessage(result, t('ads.error')) });
    }
  };
  return { app, outcome, onSubmit };
}

/** The form that adds a house ad campaign: its text, link, places, audience, dates and caps. */
export function CampaignForm() {
  const { t } = useTranslation(NS);
  const { app, outcome, onSubmit } = useCampaignForm();
  const field = useCampaignField();
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" id="ads-form-title" gutterBottom>
        {t('ads.add-title')}
      </Typography>
      <AppForm form={app} onSubmit={onSubmit} testId="ads-form" aria-labelledby="ads-form-title">
        <Stack spacing={2}>
          {field('title', { required: true })}
          {field('text', { required: true, multiline: true, minRows: 2 })}
          {field('link', { required: true })}
          {field('placements', { hint: 'home, faq, account, app' })}
          <CampaignAudienceFields control={app.form.control} />
          <Stack direction="row" spacing={2}>
            {field('startsAt', {
              type: 'datetime-local',
              slotProps: { inputLabel: { shrink: true } },
            })}
            {field('endsAt', {
              type: 'datetime-local',
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Stack>
          <Stack direction="row" spacing={2}>
            {field('dailyCap', { type: 'number' })}
            {field('viewerDailyCap', { type: 'number' })}
          </Stack>
          {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
          <Box>
            <Button type="submit" variant="contained" data-testid="ads-submit">
              {t('ads.save')}
            </Button>
          </Box>
        </Stack>
      </AppForm>
    </Paper>
  );
}
