import { useState, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { newsSaveRequestSchema, type NewsItem, type NewsSaveRequest } from '@meeet/core/api/news';
import { NewsStatus } from '@meeet/core/enums';
import { AppForm } from '../../../components/form/app-form.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { uploadNewsCover, useSaveNews } from '../api/save-news.ts';
import { NS } from '../i18n.ts';
import {
  NewsCoverPicker,
  NewsPreview,
  NewsTextFields,
  PublishConfirmDialog,
  type NewsFormValues,
} from './news-form-parts.tsx';

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

/** The form's state and actions: saving, the publish question, the cover upload, the outcome. */
function useNewsForm(item: NewsItem | undefined) {
  const { t } = useTranslation([NS, 'core']);
  const save = useSaveNews();
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

  return { app, values, shownOutcome, toPublish, setToPublish, send, onSubmit, uploading, onCover };
}

/**
 * The add form (no item) or the edit form of an item, validated by the very schema the server
 * uses, with a preview of the item in both languages as readers will see it.
 */
export function NewsForm({ item }: { item?: NewsItem }) {
  const { t } = useTranslation(NS);
  const { app, values, shownOutcome, toPublish, setToPublish, send, onSubmit, uploading, onCover } =
    useNewsForm(item);

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
              <NewsTextFields />
              <NewsCoverPicker
                coverId={values.coverId}
                uploading={uploading}
                onCover={(event) => void onCover(event)}
                onRemove={() => app.form.setValue('coverId', null)}
              />
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
        <NewsPreview values={values} />
      </Grid>
      <PublishConfirmDialog
        body={toPublish}
        onCancel={() => setToPublish(null)}
        onConfirm={(body) => void send(body)}
      />
    </Grid>
  );
}
