import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  withdrawRequestSchema,
  type FeeResponse,
  type WalletResponse,
} from '@meeet/core/api/crypto';
import { useTranslation } from '../../../i18n/react.ts';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { SubmitWithError } from '../../../components/form/submit-with-error.tsx';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { useFormat } from '../../../lib/format.ts';
import { useWithdraw } from '../api/withdraw.ts';
import { canPayFee, checkAmountAvailable, maxAmountText } from '../amount.ts';
import { NS } from '../i18n.ts';
import { SavedAddressChips } from './saved-address-chips.tsx';
import type { WithdrawOrder } from './use-withdraw-wizard.ts';

/** Step 1: the address and the amount; on success the server mails the code. */
export function WithdrawForm({
  wallet,
  fee,
  draft,
  onCodeSent,
}: {
  wallet: WalletResponse;
  fee: FeeResponse | undefined;
  draft: { address: string; amount: string };
  onCodeSent: (order: WithdrawOrder, retryAfter: number | undefined) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const { app, failure, onSubmit } = useWithdrawStart(wallet, draft, onCodeSent);
  const feeOk = canPayFee(wallet.nativeBalance, wallet.canPayFee, fee?.minBalance);

  const submitting = app.form.formState.isSubmitting;
  return (
    <AppForm form={app} onSubmit={onSubmit} testId="withdraw-form">
      <Stack spacing={2.5}>
        <FormTextField
          name="address"
          testId="withdraw-address"
          label={t('withdraw.address', { network: `${wallet.blockchain} ${wallet.network}` })}
          hint={t('withdraw.address-hint')}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <SavedAddressChips
          onPick={(address) =>
            app.form.setValue('address', address, { shouldValidate: true, shouldDirty: true })
          }
        />
        <AmountField
          wallet={wallet}
          onMax={() =>
            app.form.setValue('amount', maxAmountText(wallet.withdrawable, wallet.decimals), {
              shouldValidate: true,
              shouldDirty: true,
            })
          }
        />
        <FeeNotice wallet={wallet} fee={fee} feeOk={feeOk} />
        <SubmitWithError
          failure={failure}
          submitting={submitting}
          label={t('withdraw.submit')}
          submittingLabel={t('withdraw.submitting')}
          errorTestId="withdraw-error"
          submitTestId="withdraw-submit"
          disabled={!feeOk}
        />
      </Stack>
    </AppForm>
  );
}

/** Step 1's form and its submit: the server mails a code, or says what is wrong. */
function useWithdrawStart(
  wallet: WalletResponse,
  draft: { address: string; amount: string },
  onCodeSent: (order: WithdrawOrder, retryAfter: number | undefined) => void,
) {
  const { t } = useTranslation([NS, 'core']);
  const send = useWithdraw();
  const [failure, setFailure] = useState<string | null>(null);
  const app = useAppForm({
    schema: withdrawRequestSchema,
    defaultValues: draft,
    toInput: ({ address, amount }: { address: string; amount: string }) => ({ address, amount }),
    checks: {
      amount: (values) => checkAmountAvailable(values.amount, wallet.withdrawable, wallet.decimals),
    },
  });

  const onSubmit = async () => {
    setFailure(null);
    const { address, amount } = app.form.getValues();
    const order: WithdrawOrder = {
      address: address.trim(),
      amount: amount.trim(),
      idempotencyKey: newIdempotencyKey(),
    };
    const result = await send.mutateAsync({
      body: { address: order.address, amount: order.amount },
    });
    if (result.ok) {
      if (result.data.step === 'code-sent') onCodeSent(order, result.data.retryAfterSeconds);
      return;
    }
    // A code was mailed a moment ago: it is still good, so the next step opens anyway.
    if (result.code === 429) {
      onCodeSent(order, result.retryAfter);
      return;
    }
    if (!showServerFieldErrors(app.form, result, ['address', 'amount']))
      setFailure(failureMessage(result, t('withdraw.error')));
  };
  return { app, failure, onSubmit };
}

/** The amount field: what is available as its hint, and a "max" button that fills it in. */
function AmountField({ wallet, onMax }: { wallet: WalletResponse; onMax: () => void }) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  return (
    <FormTextField
      name="amount"
      testId="withdraw-amount"
      label={t('withdraw.amount')}
      hint={t('withdraw.available', {
        amount: fmt.amount(wallet.withdrawable, wallet.decimals),
      })}
      autoComplete="off"
      transform={(value) => value.replace(',', '.')}
      required
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" data-testid="withdraw-max" onClick={onMax}>
                {t('withdraw.max')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The network fee, and a warning when the native balance cannot pay it. */
function FeeNotice({
  wallet,
  fee,
  feeOk,
}: {
  wallet: WalletResponse;
  fee: FeeResponse | undefined;
  feeOk: boolean;
}) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
  const minFee = fee?.minBalance ?? wallet.transferFee;
  const bnb = (units: string) =>
    `${fmt.amount(units, wallet.nativeDecimals)} ${wallet.nativeSymbol}`;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="withdraw-fee">
        {fee
          ? t('withdraw.fee', { fee: fmt.amount(fee.transferFee, fee.decimals) })
          : t('withdraw.fee-loading')}
      </Typography>
      {!feeOk && (
        <Alert severity="warning" data-testid="withdraw-fee-warning">
          {t('wallet.insufficient-fee', {
            ns: 'core',
            balance: bnb(wallet.nativeBalance),
            minFee: bnb(minFee),
          })}
        </Alert>
      )}
    </>
  );
}
