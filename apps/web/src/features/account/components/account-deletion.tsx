import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DELETION_GRACE_DAYS } from '@meeet/core/rules/account-deletion';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { logout } from '../../../lib/session.ts';
import { useDeletionStatus, useRequestDeletion } from '../api/account-deletion.ts';
import { NS } from '../i18n.ts';

/**
 * Account → Delete account: the rules (docs/decisions.md, "Account deletion: grace, funds,
 * erasure"), what the user still holds, the forfeiture tick when it is needed, the password.
 */
export function AccountDeletion() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  if (open) return <DeletionForm onClose={() => setOpen(false)} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">
        {t('delete.intro', { days: DELETION_GRACE_DAYS })}
      </Typography>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        data-testid="delete-open"
      >
        {t('delete.open')}
      </Button>
    </Stack>
  );
}

function DeletionRules() {
  const { t } = useTranslation(NS);
  return (
    <Typography component="ul" sx={{ pl: 2, m: 0 }}>
      <li>{t('delete.rule-grace', { days: DELETION_GRACE_DAYS })}</li>
      <li>{t('delete.rule-funds')}</li>
      <li>{t('delete.rule-erase')}</li>
      <li>{t('delete.rule-ledger')}</li>
    </Typography>
  );
}

function DeletionForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const status = useDeletionStatus();
  const request = useRequestDeletion();
  const [password, setPassword] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const failure = request.data && !request.data.ok ? request.data : null;
  const held = status.data;
  const confirm = async () => {
    const result = await request.mutateAsync({
      ...(held?.needsPassword ? { password } : {}),
      forfeit,
    });
    if (!result.ok) return;
    // Signed out everywhere by the server; the login page says when the account is erased.
    logout({ to: paths.auth.login.getHref({ deletionScheduled: result.data.eraseAt }) });
  };
  return (
    <Stack spacing={2} data-testid="delete-form">
      <DeletionRules />
      {status.isError && <Alert severity="error">{status.error.message}</Alert>}
      {held?.needsForfeit && (
        <Alert severity="warning" data-testid="delete-held">
          {t('delete.held', {
            usdt: fmt.amount(held.usdt),
            bnb: fmt.amount(held.bnb),
            tokens: held.tokens,
          })}
        </Alert>
      )}
      {held?.needsForfeit && (
        <FormControlLabel
          control={
            <Checkbox
              checked={forfeit}
              onChange={(event) => setForfeit(event.target.checked)}
              data-testid="delete-forfeit"
            />
          }
          label={t('delete.forfeit')}
        />
      )}
      {held?.needsPassword && (
        <TextField
          type="password"
          label={t('delete.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(failure?.fields?.password)}
          helperText={failure?.fields?.password}
          autoComplete="current-password"
          slotProps={{ htmlInput: { 'data-testid': 'delete-password' } }}
        />
      )}
      {failure && !failure.fields && <Alert severity="error">{failure.error}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          color="error"
          variant="contained"
          disabled={!held || request.isPending || (held.needsForfeit && !forfeit)}
          onClick={() => void confirm()}
          data-testid="delete-confirm"
        >
          {t('delete.confirm')}
        </Button>
        <Button onClick={onClose}>{t('delete.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
