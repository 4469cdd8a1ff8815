import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { FactorStatus } from '@meeet/core/api/factors';
import { useStepUp } from '../../../components/step-up/use-step-up.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import {
  createPasskeyResponse,
  passkeysSupported,
  registerPasskey,
} from '../../../lib/passkeys.ts';
import { factorCalls, factorKeys } from '../api/factors.ts';
import { NS } from '../i18n.ts';

/** Passkeys: add one with this browser, remove one (with a factor). */
export function PasskeysSection({ status }: { status: FactorStatus }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const format = useFormat();
  const stepUp = useStepUp({ passkey: true });
  const [failure, setFailure] = useState<string | null>(null);

  const done = (result: { ok: true } | { ok: false; error: string }) => {
    if (result.ok) void queryClient.invalidateQueries({ queryKey: factorKeys.status });
    else setFailure(result.error);
  };

  const onAdd = async () => {
    setFailure(null);
    try {
      const created = await createPasskeyResponse();
      if (!created.ok) return done(created);
      done(await stepUp.run((factor) => registerPasskey({ response: created.data }, factor)));
    } catch {
      setFailure(t('factors.passkey-cancelled'));
    }
  };
  const onRemove = async (id: string) => {
    setFailure(null);
    done(await stepUp.run((factor) => factorCalls.removePasskey(id, factor)));
  };

  return (
    <>
      <Typography color="text.secondary">{t('factors.passkeys-about')}</Typography>
      {status.passkeys.length > 0 && (
        <List data-testid="passkey-list">
          {status.passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              secondaryAction={
                <Button color="error" onClick={() => void onRemove(passkey.id)}>
                  {t('factors.passkey-remove')}
                </Button>
              }
            >
              <ListItemText
                primary={passkey.name}
                secondary={t('factors.passkey-added', { date: format.date(passkey.createdAt) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {passkeysSupported() && (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          onClick={() => void onAdd()}
          data-testid="passkey-add"
        >
          {t('factors.passkey-add')}
        </Button>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="passkey-error">
          {failure}
        </Alert>
      )}
      {stepUp.dialog}
    </>
  );
}
