import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { encodeFactorProof } from '@meeet/core/api/factors';
import { useTranslation } from '../../i18n/react.ts';
import { passkeyFactor } from '../../lib/passkeys.ts';

/** Six digits are an app's code; anything else is taken for a recovery code. */
const proofOf = (text: string) => {
  const code = text.trim();
  return encodeFactorProof(
    /^\d{6}$/.test(code) ? { kind: 'totp', code } : { kind: 'recovery', code },
  );
};

/** Asks for a second factor: a code typed, or (signed in) a passkey. `null`: cancelled. */
export function StepUpDialog({
  kinds,
  message,
  passkey,
  onDone,
}: {
  kinds: string[];
  message: string;
  passkey: boolean;
  onDone: (factor: string | null) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [passkeyFailed, setPasskeyFailed] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // React sends a portal's events up the component tree: the form the dialog was opened
    // from (the withdrawal's) must not submit again, without the factor.
    event.stopPropagation();
    if (code.trim()) onDone(proofOf(code));
  };
  const onPasskey = async () => {
    setPasskeyFailed(false);
    const factor = await passkeyFactor().catch(() => null);
    if (factor) onDone(factor);
    else setPasskeyFailed(true);
  };

  return (
    <Dialog open onClose={() => onDone(null)} aria-labelledby="step-up-title" data-testid="step-up">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="step-up-title">{t('step-up.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info" data-testid="step-up-message">
              {message}
            </Alert>
            {kinds.includes('totp') && (
              <TextField
                label={t('step-up.code')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                autoFocus
                slotProps={{ htmlInput: { 'data-testid': 'step-up-code', maxLength: 11 } }}
              />
            )}
            {passkeyFailed && <Alert severity="warning">{t('step-up.passkey-failed')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(null)} color="inherit">
            {t('step-up.cancel')}
          </Button>
          {passkey && (
            <Button onClick={() => void onPasskey()} data-testid="step-up-passkey">
              {t('step-up.passkey')}
            </Button>
          )}
          {kinds.includes('totp') && (
            <Button type="submit" variant="contained" data-testid="step-up-confirm">
              {t('step-up.confirm')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
