import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { newsSaveRequestSchema, type NewsItem, type NewsSaveRequest } from '@meeet/core/api/news';
import { NewsStatus } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { buildUrl } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/format.ts';
import { uploadNewsCover, useSaveNews } from '../api/save-news.ts';
import { NS } from '../i18n.ts';

const MarkdownText = lazy(() => import('../../../components/markdown-text.tsx'));

interface NewsFormValues {
  titleEn: string;
  titleRu: string;
  bodyEn: string;
  bodyRu: string;
  status: NewsStatus;
  /** A datetime-local value in the admin's time zone; empty means now. */
  publishAt: string;
  coverId: string | null;
}

/** The two languages every news item is written in, and the suffix of their form fields. */
const LANGUAGES = [
  { code: 'en', suffix: 'En' },
  { code: 'ru', suffix: 'Ru' },
] as const;

const FIELDS = ['titleEn', 'titleRu', 'bodyEn', 'bodyRu', 'status', 'publishAt', 'coverId'];

/** ISO time → the value of a datetime-local input, in the browser's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function toValues(item: NewsItem | undefined): NewsFormValues {
  return {
    titleEn: item?.titleEn ?? '',
    titleRu: item?.titleRu ?? '',
    bodyEn: item?.bodyEn ?? '',
    bodyRu: item?.bodyRu ?? '',
    status: (item?.status as NewsStatus | undefined) ?? NewsStatus.DRAFT,
    publishAt: item ? toLocalInput(item.publishAt) : '',
    coverId: item?.coverId ?? null,
  };
}

/**
 * The add form (no item) or the edit form of an item, validated by the very schema the server
 * uses, with a preview of the item in both languages as readers will see it.
 */
export function NewsForm({ item }: { item?: NewsItem }) {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveNews();
  const fmt = useFormat();
  const [outcome, setOutcome] = useState<{
    ok: boolean;
    text: string;
    savedValues?: string;
  } | null>(null);
  const [toPublish, setToPublish] = useState<NewsSaveRequest | null>(null);
  const [uploading, setUploading] = useState(false);
  const app = useAppForm<NewsFormValues, NewsSaveRequest>({
    schema: newsSaveRequestSchema,
    defaultValues: toValues(item),
    toInput: (values) => ({
      ...values,
      ...(item ? { id: item.id } : {}),
      publishAt: values.publishAt ? new Date(values.publishAt).toISOString() : null,
    }),
  });
  const values = useWatch({ control: app.form.control }) as NewsFormValues;

  const send = async (body: NewsSaveRequest) => {
    setOutcome(null);
    const result = await save.mutateAsync(body);
    if (result.ok) {
      const after = item ? app.form.getValues() : toValues(undefined);
      if (!item) app.reset(after);
      setOutcome({ ok: true, text: t('news.saved'), savedValues: JSON.stringify(after) });
    } else if (!showServerFieldErrors(app.form, result, FIELDS)) {
      setOutcome({ ok: false, text: failureMessage(result, t('news.error')) });
    }
  };

  // Publishing is what readers see: asked once more, unless the item is out already.
  const onSubmit = async (body: NewsSaveRequest) => {
    if (body.status === NewsStatus.PUBLISHED && item?.status !== NewsStatus.PUBLISHED) {
      setToPublish(body);
      return;
    }
    await send(body);
  };
  const errors = app.form.formState.errors;
  // "Saved." speaks of the values saved: gone once they change or a field is wrong.
  const shownOutcome =
    outcome &&
    (!outcome.ok ||
      (Object.keys(errors).length === 0 && JSON.stringify(values) === outcome.savedValues))
      ? outcome
      : null;

  const onCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    const result = await uploadNewsCover(file);
    setUploading(false);
    const [image] = result.ok ? result.data.list : [];
    if (image) app.form.setValue('coverId', image.id, { shouldDirty: true });
    else if (!result.ok) setOutcome({ ok: false, text: failureMessage(result, t('news.error')) });
  };

  const heading = item ? t('news.edit-title', { id: item.id }) : t('news.add-title');
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id="news-form-title" gutterBottom>
            {heading}
          </Typography>
          <AppForm
            form={app}
            onSubmit={onSubmit}
            testId="news-form"
            aria-labelledby="news-form-title"
          >
            <Stack spacing={2}>
              {(['title', 'body'] as const).flatMap((part) =>
                LANGUAGES.map(({ suffix, code }) => (
                  <FormTextField
                    key={`${part}-${code}`}
                    name={`${part}${suffix}`}
                    testId={`news-${part}-${code}`}
                    label={t(`news.${part}-${code}`)}
                    required
                    {...(part === 'body'
                      ? { hint: t('news.markdown-hint'), multiline: true, minRows: 4 }
                      : {})}
                  />
                )),
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField name="status" testId="news-status" label={t('news.status')} select>
                  <MenuItem value={NewsStatus.DRAFT}>{t('news.status.DRAFT')}</MenuItem>
                  <MenuItem value={NewsStatus.PUBLISHED}>{t('news.status.PUBLISHED')}</MenuItem>
                </FormTextField>
                <FormTextField
                  name="publishAt"
                  testId="news-publish-at"
                  label={t('news.publish-at')}
                  hint={t('news.publish-at-hint')}
                  type="datetime-local"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button component="label" variant="outlined" disabled={uploading}>
                  {values.coverId ? t('news.cover-replace') : t('news.cover-add')}
                  <input
                    hidden
                    type="file"
                    accept="image/*"
                    aria-label={values.coverId ? t('news.cover-replace') : t('news.cover-add')}
                    data-testid="news-cover-input"
                    onChange={(event) => void onCover(event)}
                  />
                </Button>
                {values.coverId && (
                  <Button color="inherit" onClick={() => app.form.setValue('coverId', null)}>
                    {t('news.cover-remove')}
                  </Button>
                )}
              </Stack>
              {shownOutcome && (
                <Alert
                  severity={shownOutcome.ok ? 'success' : 'error'}
                  data-testid="news-form-result"
                >
                  {shownOutcome.text}
                </Alert>
              )}
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={app.form.formState.isSubmitting || uploading}
                  data-testid="news-submit"
                >
                  {t('news.save')}
                </Button>
              </Box>
            </Stack>
          </AppForm>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2} data-testid="news-preview">
          {LANGUAGES.map(({ code: language, suffix }) => (
            <Paper
              key={language}
              component="section"
              aria-label={t(`news.preview-${language}`)}
              variant="outlined"
              sx={{ p: 3 }}
              data-testid={`news-preview-${language}`}
            >
              <Typography variant="overline" color="text.secondary">
                {t(`news.preview-${language}`)}
              </Typography>
              {values.coverId && (
                <Box
                  component="img"
                  src={buildUrl(mediaPaths.image(values.coverId, 'medium'))}
                  alt=""
                  data-testid="news-preview-cover"
                  sx={{ width: '100%', borderRadius: 1, my: 1 }}
                />
              )}
              <Typography variant="h5" component="p">
                {values[`title${suffix}`]}
              </Typography>
              <Suspense fallback={null}>
                <MarkdownText text={values[`body${suffix}`] ?? ''} />
              </Suspense>
            </Paper>
          ))}
        </Stack>
      </Grid>
      <Dialog open={toPublish !== null} onClose={() => setToPublish(null)}>
        <DialogTitle>{t('news.publish-confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('news.publish-confirm.text', {
              title: toPublish?.titleEn ?? '',
              time: toPublish?.publishAt
                ? fmt.dateTime(toPublish.publishAt)
                : t('news.publish-confirm.now'),
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToPublish(null)}>{t('news.publish-confirm.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              const body = toPublish;
              setToPublish(null);
              if (body) void send(body);
            }}
          >
            {t('news.publish-confirm.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Grid>
  );
}
