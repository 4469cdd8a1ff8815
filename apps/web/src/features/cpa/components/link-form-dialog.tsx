import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../i18n/react.ts';
import {
  CPA_MACROS,
  cpaLinkCreateSchema,
  type CpaLink,
  type CpaLinkCreate,
  type CpaLinkWithSecret,
} from '@meeet/core/api/cpa';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useCreateCpaLink, useUpdateCpaLink } from '../api/cpa-links.ts';
import { NS } from '../i18n.ts';

/**
 * Create or edit a link: a name and an optional postback URL, checked by the very schema the
 * server checks with (the server also refuses private addresses and says so under the field).
 */
export function LinkFormDialog({
  link,
  onClose,
  onCreated,
}: {
  /** The link being edited; none to create one. */
  link: CpaLink | null;
  onClose: () => void;
  onCreated: (created: CpaLinkWithSecret) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const create = useCreateCpaLink();
  const update = useUpdateCpaLink();
  const [error, setError] = useState<string | null>(null);
  const app = useAppForm({
    schema: cpaLinkCreateSchema,
    defaultValues: { name: link?.name ?? '', callbackUrl: link?.callbackUrl ?? '' },
    validateOn: 'blur',
  });

  const onSubmit = async (values: CpaLinkCreate) => {
    setError(null);
    const result = link
      ? await update.mutateAsync({
          id: link.id,
          body: { name: values.name, callbackUrl: values.callbackUrl ?? '' },
        })
      : await create.mutateAsync(values);
    if (result.ok) {
      if (!link && 'secret' in result.data) onCreated(result.data as CpaLinkWithSecret);
      onClose();
      return;
    }
    if (!showServerFieldErrors(app.form, result, ['name', 'callbackUrl'])) {
      setError(failureMessage(result, t('load-error')));
    }
  };

  const titleId = 'cpa-link-dialog-title';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <AppForm form={app} onSubmit={onSubmit} testId="cpa-link-form">
        <DialogTitle id={titleId}>
          {link ? t('links.dialog.edit') : t('links.dialog.create')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField name="name" testId="cpa-link-name" label={t('links.name')} autoFocus />
            <FormTextField
              name="callbackUrl"
              testId="cpa-link-callback"
              label={t('links.callback')}
              hint={t('links.callback-help', { macros: CPA_MACROS.join(' ') })}
              placeholder="https://tracker.example/postback?click_id={click_id}&payout={payout}"
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('links.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={app.form.formState.isSubmitting}>
            {t('links.save')}
          </Button>
        </DialogActions>
      </AppForm>
    </Dialog>
  );
}
