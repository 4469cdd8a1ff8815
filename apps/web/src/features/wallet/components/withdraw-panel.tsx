import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  withdrawRequestSchema,
  type FeeResponse,
  type Transaction,
  type WalletResponse,
} from '@meeet/core/api/crypto';
import { maskShort } from '@meeet/core/format/mask';
import { useTranslation } from '../../../i18n/react.ts';
import { AppForm } from '../../../components/form/app-form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { failureMessage, showServerFieldErrors } from '../../../components/form/server-errors.ts';
import { useAppForm } from '../../../components/form/use-app-form.ts';
import type { ApiFailure } from '../../../lib/api-client.ts';
import { isFinalStatus } from '../../../lib/transaction.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { useWithdraw } from '../api/withdraw.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { canPayFee, checkAmountAvailable, maxAmountText } from '../amount.ts';
import { NS } from '../i18n.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { StatusChip } from './status-chip.tsx';
import { useFormat } from '../../../lib/format.ts';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** What the user asked for, as typed; the same text goes with the code in step 2. */
interface Order {
  address: string;
  amount: string;
  /** One Idempotency-Key per withdrawal the user confirms, reused on every retry of it. */
  idempotencyKey: string;
}

type Step =
  | { name: 'form' }
  | { name: 'code'; order: Order }
  | { name: 'result'; order: Order; transaction: Transaction };

/**
 * Withdraw USDT (PRODUCT.md): a valid BSC address and at most the withdrawable amount, only
 * with BNB for the fee (else spec §8's insufficient-fee warning), then the e-mailed code, then
 * the transaction followed to its end.
 */
export function WithdrawPanel({
  wallet,
  fee,
}: {
  wallet: WalletResponse;
  fee: FeeResponse | undefined;
}) {
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [secondsLeft, startCountdown] = useCountdown();
  // Kept when the user goes back from the code step, so the form shows what they typed.
  const [draft, setDraft] = useState({ address: '', amount: '' });

  if (step.name === 'result')
    return (
      <WithdrawResult
        order={step.order}
        initial={step.transaction}
        onNew={() => {
          setDraft({ address: '', amount: '' });
          setStep({ name: 'form' });
        }}
      />
    );
  if (step.name === 'code')
    return (
      <CodeStep
        order={step.order}
        secondsLeft={secondsLeft}
        startCountdown={startCountdown}
        onBack={() => setStep({ name: 'form' })}
        onSubmitted={(transaction) => setStep({ name: 'result', order: step.order, transaction })}
      />
    );
  return (
    <WithdrawForm
      wallet={wallet}
      fee={fee}
      draft={draft}
      onCodeSent={(order, retryAfter) => {
        setDraft({ address: order.address, amount: order.amount });
        if (retryAfter) startCountdown(retryAfter);
        setStep({ name: 'code', order });
      }}
    />
  );
}

function WithdrawForm({
  wallet,
  fee,
  draft,
  onCodeSent,
}: {
  wallet: WalletResponse;
  fee: FeeResponse | undefined;
  draft: { address: string; amount: string };
  onCodeSent: (order: Order, retryAfter: number | undefined) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const fmt = useFormat();
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

  const feeOk = canPayFee(wallet.nativeBalance, wallet.canPayFee, fee?.minBalance);
  const minFee = fee?.minBalance ?? wallet.transferFee;
  const bnb = (units: string) =>
    `${fmt.amount(units, wallet.nativeDecimals)} ${wallet.nativeSymbol}`;

  const onSubmit = async () => {
    setFailure(null);
    const { address, amount } = app.form.getValues();
    const order: Order = {
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
                  <Button
                    size="small"
                    data-testid="withdraw-max"
                    onClick={() =>
                      app.form.setValue(
                        'amount',
                        maxAmountText(wallet.withdrawable, wallet.decimals),
                        { shouldValidate: true, shouldDirty: true },
                      )
                    }
                  >
                    {t('withdraw.max')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
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
        {failure && (
          <Alert severity="error" role="alert" data-testid="withdraw-error">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting || !feeOk}
          data-testid="withdraw-submit"
        >
          {submitting ? t('withdraw.submitting') : t('withdraw.submit')}
        </Button>
      </Stack>
    </AppForm>
  );
}

function CodeStep({
  order,
  secondsLeft,
  startCountdown,
  onBack,
  onSubmitted,
}: {
  order: Order;
  secondsLeft: number;
  startCountdown: (seconds: number) => void;
  onBack: () => void;
  onSubmitted: (transaction: Transaction) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const confirm = useWithdraw();
  const resend = useWithdraw();
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
    const result = await confirm.mutateAsync({
      body: { address: order.address, amount: order.amount, code: app.form.getValues('code') },
      idempotencyKey: order.idempotencyKey,
    });
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
        {failure && (
          <Alert severity="error" role="alert" data-testid="withdraw-error">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          data-testid="withdraw-confirm"
        >
          {submitting ? t('withdraw.confirming') : t('withdraw.confirm')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button
            onClick={() => void onResend()}
            disabled={secondsLeft > 0 || resend.isPending}
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
    </AppForm>
  );
}

function WithdrawResult({
  order,
  initial,
  onNew,
}: {
  order: Order;
  initial: Transaction;
  onNew: () => void;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const followed = useTransaction(initial.id);
  const transaction = followed.data ?? initial;
  const status = transaction.status;
  const final = isFinalStatus(status);
  const ok = status === 'CONFIRMED';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack spacing={2} data-testid="withdraw-result" data-status={status} aria-live="polite">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h3">
          {t('withdraw.result', {
            amount: fmt.amount(transaction.amount, transaction.decimals),
          })}
        </Typography>
        <StatusChip status={status} testId="withdraw-result-status" />
      </Stack>
      <Typography color="text.secondary" title={order.address}>
        {t('withdraw.result-to', { address: maskShort(order.address) })}
      </Typography>
      <Alert severity={!final ? 'info' : ok ? 'success' : 'error'}>
        {t(
          !final
            ? 'withdraw.result-pending'
            : ok
              ? 'withdraw.result-confirmed'
              : 'withdraw.result-failed',
        )}
      </Alert>
      {transaction.explorerUrl && (
        <Link href={transaction.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('history.explorer')}
        </Link>
      )}
      <Button
        variant="outlined"
        onClick={onNew}
        data-testid="withdraw-new"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('withdraw.new')}
      </Button>
    </Stack>
  );
}
