import { lazy, Suspense, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { mediaPaths } from '@meeet/core/api/media-paths';
import type { NewsSaveRequest } from '@meeet/core/api/news';
import { NewsStatus } from '@meeet/core/enums';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { buildUrl } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/format.ts';
import { NS } from '../i18n.ts';

const MarkdownText = lazy(() => import('../../../components/markdown-text.tsx'));

export interface NewsFormValues {
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

/** The title and body in both languages, the status and the publishing time. */
export function NewsTextFields() {
  const { t } = useTranslation(NS);
  return (
    <>
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
    </>
  );
}

/** The buttons that add, replace or remove the cover picture. */
export function NewsCoverPicker({
  coverId,
  uploading,
  onCover,
  onRemove,
}: {
  coverId: string | null;
  uploading: boolean;
  onCover: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button component="label" variant="outlined" disabled={uploading}>
        {coverId ? t('news.cover-replace') : t('news.cover-add')}
        <input
          hidden
          type="file"
          accept="image/*"
          aria-label={coverId ? t('news.cover-replace') : t('news.cover-add')}
          data-testid="news-cover-input"
          onChange={onCover}
        />
      </Button>
      {coverId && (
        <Button color="inherit" onClick={onRemove}>
          {t('news.cover-remove')}
        </Button>
      )}
    </Stack>
  );
}

/** The item in both languages as readers will see it. */
export function NewsPreview({ values }: { values: NewsFormValues }) {
  const { t } = useTranslation(NS);
  return (
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
  );
}

/** Asks once more before an item goes out to readers. */
export function PublishConfirmDialog({
  body,
  onCancel,
  onConfirm,
}: {
  body: NewsSaveRequest | null;
  onCancel: () => void;
  onConfirm: (body: NewsSaveRequest) => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <Dialog open={body !== null} onClose={onCancel}>
      <DialogTitle>{t('news.publish-confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('news.publish-confirm.text', {
            title: body?.titleEn ?? '',
            time: body?.publishAt ? fmt.dateTime(body.publishAt) : t('news.publish-confirm.now'),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('news.publish-confirm.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            onCancel();
            if (body) onConfirm(body);
          }}
        >
          {t('news.publish-confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
