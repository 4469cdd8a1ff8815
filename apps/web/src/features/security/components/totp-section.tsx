import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useQueryClient } from '@tanstack/react-query';
import type { FactorStatus, TotpSetupResponse } from '@meeet/core/api/factors';
import { useStepUp } from '../../../components/step-up/use-step-up.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import type { ApiResult } from '../../../lib/api-client.ts';
import { factorCalls, factorKeys } from '../api/factors.ts';
import { NS } from '../i18n.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The authenticator app: set up with a QR code and a code, recovery codes, turn off. */
export function TotpSection({ status }: { status: FactorStatus }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const stepUp = useStepUp({ passkey: true });
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const guarded = async <T,>(call: (factor?: string) => Promise<ApiResult<T>>) => {
    setFailure(null);
    const result = await stepUp.run(call);
    if (!result.ok) setFailure(result.error);
    else void queryClient.invalidateQueries({ queryKey: factorKeys.status });
    return result.ok ? result.data : null;
  };

  const onSetup = async () => {
    const data = await guarded(() => factorCalls.setupTotp());
    if (data) setSetup(data);
  };
  const onEnable = async (event: FormEvent) => {
    event.preventDefault();
    const data = await guarded((factor) => factorCalls.enableTotp(code.trim(), factor));
    if (!data) return;
    setSetup(null);
    setCode('');
    setCodes(data.recoveryCodes);
  };
  const onRegenerate = async () => {
    const data = await guarded((factor) => factorCalls.regenerateRecoveryCodes(factor));
    if (data) setCodes(data.recoveryCodes);
  };
  const onDisable = async () => {
    await guarded((factor) => factorCalls.disableTotp(factor));
  };

  return (
    <>
      {status.totp ? (
        <TotpOn
          recoveryCodesLeft={status.recoveryCodesLeft}
          onRegenerate={() => void onRegenerate()}
          onDisable={() => void onDisable()}
        />
      ) : setup ? (
        <TotpSetupForm
          setup={setup}
          code={code}
          onCode={setCode}
          onEnable={(event) => void onEnable(event)}
        />
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{t('factors.totp-off')}</Typography>
          <Button variant="contained" onClick={() => void onSetup()} data-testid="totp-setup">
            {t('factors.totp-setup')}
          </Button>
        </Stack>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="totp-error">
          {failure}
        </Alert>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {stepUp.dialog}
    </>
  );
}

/** The app is on: recovery codes left, new recovery codes, turn off. */
function TotpOn({
  recoveryCodesLeft,
  onRegenerate,
  onDisable,
}: {
  recoveryCodesLeft: number;
  onRegenerate: () => void;
  onDisable: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={1.5}>
      <Typography data-testid="totp-on">{t('factors.totp-on')}</Typography>
      <Typography color="text.secondary" data-testid="recovery-left">
        {t('factors.recovery-left', { count: recoveryCodesLeft })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onRegenerate} data-testid="recovery-regenerate">
          {t('factors.recovery-regenerate')}
        </Button>
        <Button color="error" onClick={onDisable} data-testid="totp-disable">
          {t('factors.totp-disable')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Setting the app up: the QR code and the secret, and the code that turns it on. */
function TotpSetupForm({
  setup,
  code,
  onCode,
  onEnable,
}: {
  setup: TotpSetupResponse;
  code: string;
  onCode: (code: string) => void;
  onEnable: (event: FormEvent) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Stack component="form" spacing={2} onSubmit={onEnable} noValidate>
      <Typography>{t('factors.totp-scan')}</Typography>
      <QRCodeSVG value={setup.uri} size={200} role="img" aria-label={t('factors.totp-qr')} />
      <Typography>
        {t('factors.totp-secret')}{' '}
        <Typography component="code" sx={{ fontFamily: 'monospace' }} data-testid="totp-secret">
          {setup.secret}
        </Typography>
      </Typography>
      <TextField
        label={t('factors.totp-code')}
        value={code}
        onChange={(event) => onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'totp-code' } }}
      />
      <Button type="submit" variant="contained" data-testid="totp-enable">
        {t('factors.totp-enable')}
      </Button>
    </Stack>
  );
}
