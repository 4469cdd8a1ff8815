import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { withdrawRequestSchema, type Transaction } from '@meeet/core/api/crypto';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { SubmitWithError } from '../../../components/form/submit-with-error.tsx';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import type { ApiFailure } from '../../../lib/api-client.ts';
import { useStepUp } from '../../../components/step-up/use-step-up.tsx';
import { useWithdraw } from '../api/withdraw.ts';
import { NS } from '../i18n.ts';
import type { WithdrawOrder } from './use-withdraw-wizard.ts';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** Step 2: the e-mailed code confirms the order (same Idempotency-Key on every retry). */
export function WithdrawCodeStep({
  order,
  secondsLeft,
  startCountdown,
  onBack,
  onSubmitted,
}: {
  order: WithdrawOrder;
  secondsLeft: number;
  startCountdown: (seconds: number) => void;
  onBack: () => void;
  onSubmitted: (transaction: Transaction) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const { app, failure, onSubmit, onResend, resendPending, stepUpDialog } = useCodeStep(
    order,
    startCountdown,
    onSubmitted,
  );
  const submitting = app.form.formState.isSubmitting;
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="withdraw-code-form">
      <Stack spacing={2.5}>
        <Typography data-testid="withdraw-code-sent">
          {t('withdraw.code-sent', { amount: order.amount, address: maskShort(order.address) })}
        </Typography>
        <FormTextField
          name="code"
          testId="withdraw-code"
          label={t('withdraw.code')}
          hint={t('withdraw.code-hint')}
          transform={digitsOnly}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          required
        />
        <SubmitWithError
          failure={failure}
          submitting={submitting}
          label={t('withdraw.confirm')}
          submittingLabel={t('withdraw.confirming')}
          errorTestId="withdraw-error"
          submitTestId="withdraw-confirm"
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button
            onClick={() => void onResend()}
            disabled={secondsLeft > 0 || resendPending}
            data-testid="withdraw-resend"
          >
            {secondsLeft > 0
              ? t('withdraw.resend-in', { count: secondsLeft })
              : t('withdraw.resend')}
          </Button>
          <Button color="inherit" onClick={onBack} data-testid="withdraw-back">
            {t('withdraw.back')}
          </Button>
        </Stack>
      </Stack>
      {stepUpDialog}
    </AppForm>
  );
}

/** The code step's form and actions: confirm with the code (and a second factor), resend. */
function useCodeStep(
  order: WithdrawOrder,
  startCountdown: (seconds: number) => void,
  onSubmitted: (transaction: Transaction) => void,
) {
  const { t } = useTranslation([NS, 'core']);
  const confirm = useWithdraw();
  const resend = useWithdraw();
  // The sending step asks a user with a second factor for it (the server decides).
  const stepUp = useStepUp({ passkey: true });
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: withdrawRequestSchema,
    defaultValues: { code: '' },
    toInput: ({ code }: { code: string }) => ({
      address: order.address,
      amount: order.amount,
      code,
    }),
  });

  const showFailure = (result: ApiFailure, fields: string[]) => {
    if (!showServerFieldErrors(app.form, result, fields))
      setFailure(failureMessage(result, t('withdraw.error')));
  };

  const onSubmit = async () => {
    setFailure(null);
    const result = await stepUp.run((factor) =>
      confirm.mutateAsync({
        body: { address: order.address, amount: order.amount, code: app.form.getValues('code') },
        idempotencyKey: order.idempotencyKey,
        factor,
      }),
    );
    if (result.ok) {
      if (result.data.step === 'submitted') onSubmitted(result.data.transaction);
      return;
    }
    showFailure(result, ['code']);
  };

  const onResend = async () => {
    setFailure(null);
    const result = await resend.mutateAsync({
      body: { address: order.address, amount: order.amount },
    });
    if (result.ok && result.data.step === 'code-sent')
      startCountdown(result.data.retryAfterSeconds);
    else if (!result.ok && result.code === 429 && result.retryAfter)
      startCountdown(result.retryAfter);
    else if (!result.ok) showFailure(result, []);
  };

  return {
    app,
    failure,
    onSubmit,
    onResend,
    resendPending: resend.isPending,
    stepUpDialog: stepUp.dialog,
  };
}
