import type { FeeResponse, WalletResponse } from '@meeet/core/api/crypto';
import { useWithdrawWizard } from './use-withdraw-wizard.ts';
import { WithdrawCodeStep } from './withdraw-code-step.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { WithdrawResult } from './withdraw-result.tsx';

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
  const wizard = useWithdrawWizard();
  const { step } = wizard;

  if (step.name === 'result')
    return (
      <WithdrawResult order={step.order} initial={step.transaction} onNew={wizard.startOver} />
    );
  if (step.name === 'code')
    return (
      <WithdrawCodeStep
        order={step.order}
        secondsLeft={wizard.secondsLeft}
        startCountdown={wizard.startCountdown}
        onBack={wizard.back}
        onSubmitted={(transaction) => wizard.submitted(step.order, transaction)}
      />
    );
  return (
    <WithdrawForm wallet={wallet} fee={fee} draft={wizard.draft} onCodeSent={wizard.codeSent} />
  );
}
