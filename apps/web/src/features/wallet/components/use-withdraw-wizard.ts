import { useState } from 'react';
import type { Transaction } from '@meeet/core/api/crypto';
import { useCountdown } from '../../../lib/use-countdown.ts';

/** What the user asked for, as typed; the same text goes with the code in step 2. */
export interface WithdrawOrder {
  address: string;
  amount: string;
  /** One Idempotency-Key per withdrawal the user confirms, reused on every retry of it. */
  idempotencyKey: string;
}

export type WithdrawStep =
  | { name: 'form' }
  | { name: 'code'; order: WithdrawOrder }
  | { name: 'result'; order: WithdrawOrder; transaction: Transaction };

const EMPTY_DRAFT = { address: '', amount: '' };

/**
 * The withdrawal wizard's state: which step shows, the resend countdown, and the draft the
 * form shows again when the user goes back from the code step.
 */
export function useWithdrawWizard() {
  const [step, setStep] = useState<WithdrawStep>({ name: 'form' });
  const [secondsLeft, startCountdown] = useCountdown();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  return {
    step,
    draft,
    secondsLeft,
    startCountdown,
    codeSent(order: WithdrawOrder, retryAfter: number | undefined) {
      setDraft({ address: order.address, amount: order.amount });
      if (retryAfter) startCountdown(retryAfter);
      setStep({ name: 'code', order });
    },
    submitted(order: WithdrawOrder, transaction: Transaction) {
      setStep({ name: 'result', order, transaction });
    },
    back() {
      setStep({ name: 'form' });
    },
    startOver() {
      setDraft(EMPTY_DRAFT);
      setStep({ name: 'form' });
    },
  };
}
