import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { addAddressRequestSchema, type SavedAddress } from '@meeet/core/api/custody';
import { useTranslation } from '../../../i18n/react.ts';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { SubmitWithError } from '../../../components/form/submit-with-error.tsx';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { useStepUp } from '../../../components/step-up/use-step-up.tsx';
import { useFormat } from '../../../lib/format.ts';
import {
  useAddAddress,
  useAddressBook,
  useRemoveAddress,
  useSetOnlySaved,
} from '../api/address-book.ts';
import { NS } from '../i18n.ts';

/** Whether a saved address may receive funds now (its hold is over). */
export function isUsable(saved: SavedAddress, now = Date.now()): boolean {
  return Date.parse(saved.usableFrom) <= now;
}

/**
 * The withdrawal address book (issue 45): saved addresses with their hold, "remove", the
 * "only to saved addresses" switch, and the form that saves one (the server mails about it).
 */
export function AddressBook() {
  const { t } = useTranslation([NS, 'core']);
  const book = useAddressBook();
  const stepUp = useStepUp({ passkey: true });
  const remove = useRemoveAddress(stepUp.run);
  const onlySaved = useSetOnlySaved(stepUp.run);
  // The choice as clicked, held until the server's answer is read back: a mutation's own
  // state arrives a tick later, and a controlled switch would flick back meanwhile.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const chooseOnlySaved = (checked: boolean) => {
    setChosen(checked);
    onlySaved.mutate(checked, { onSettled: () => setChosen(null) });
  };

  return (
    <>
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {t('book.intro')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={chosen ?? book.data?.onlySaved ?? false}
              disabled={!book.data || chosen !== null}
              onChange={(_event, checked) => chooseOnlySaved(checked)}
              slotProps={{ input: { 'data-testid': 'book-only-saved' } as object }}
            />
          }
          label={
            <Box>
              <Typography>{t('book.only-saved')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('book.only-saved-hint')}
              </Typography>
            </Box>
          }
        />
        {book.data && book.data.addresses.length === 0 && (
          <Typography color="text.secondary" data-testid="book-empty">
            {t('book.empty')}
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {book.data?.addresses.map((saved) => (
            <SavedAddressEntry
              key={saved.id}
              saved={saved}
              removing={remove.isPending}
              onRemove={() => remove.mutate(saved.id)}
            />
          ))}
        </Stack>
        <AddAddressForm />
      </Stack>
      {stepUp.dialog}
    </>
  );
}

/** One saved address: its label, the address, whether it is usable yet, and "remove". */
function SavedAddressEntry({
  saved,
  removing,
  onRemove,
}: {
  saved: SavedAddress;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  return (
    <Box
      component="li"
      data-testid={`book-entry-${saved.id}`}
      sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{saved.label}</Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {saved.address}
        </Typography>
        <Typography
          variant="body2"
          color={isUsable(saved) ? 'success.main' : 'warning.main'}
          data-testid="book-entry-status"
        >
          {isUsable(saved)
            ? t('book.usable')
            : t('book.usable-from', { time: fmt.dateTime(saved.usableFrom) })}
        </Typography>
      </Box>
      <Button
        size="small"
        color="error"
        aria-label={t('book.remove-label', { label: saved.label })}
        data-testid="book-remove"
        disabled={removing}
        onClick={onRemove}
      >
        {t('book.remove')}
      </Button>
    </Box>
  );
}

function AddAddressForm() {
  const { t } = useTranslation([NS, 'core']);
  const stepUp = useStepUp({ passkey: true });
  const add = useAddAddress(stepUp.run);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const app = useAppForm({
    schema: addAddressRequestSchema,
    defaultValues: { address: '', label: '' },
  });

  const onSubmit = async () => {
    setFailure(null);
    setAdded(false);
    const result = await add.mutateAsync(app.form.getValues());
    if (result.ok) {
      app.form.reset({ address: '', label: '' });
      setAdded(true);
      return;
    }
    if (!showServerFieldErrors(app.form, result, ['address', 'label']))
      setFailure(failureMessage(result, t('book.error')));
  };

  return (
    <>
      <AppForm form={app} onSubmit={onSubmit} testId="book-form">
        <Stack spacing={2}>
          <FormTextField
            name="address"
            testId="book-address"
            label={t('book.address')}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <FormTextField
            name="label"
            testId="book-label"
            label={t('book.label')}
            hint={t('book.label-hint')}
            autoComplete="off"
            required
          />
          {added && (
            <Alert severity="success" data-testid="book-added">
              {t('book.added')}
            </Alert>
          )}
          <SubmitWithError
            failure={failure}
            submitting={app.form.formState.isSubmitting}
            label={t('book.add')}
            submittingLabel={t('book.adding')}
            errorTestId="book-error"
            submitTestId="book-submit"
          />
        </Stack>
      </AppForm>
      {stepUp.dialog}
    </>
  );
}
