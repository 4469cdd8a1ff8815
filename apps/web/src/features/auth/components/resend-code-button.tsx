import Button from '@mui/material/Button';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

interface ResendCodeButtonProps {
  onClick: () => void;
  /** Seconds until another code may be asked for; the button waits them out. */
  secondsLeft: number;
  sending: boolean;
  label: string;
  /** Shown while the code is being sent, where the page says so. */
  sendingLabel?: string;
  testId: string;
}

/** Asks for the mailed code again, counting down the wait the server set. */
export function ResendCodeButton({
  onClick,
  secondsLeft,
  sending,
  label,
  sendingLabel,
  testId,
}: ResendCodeButtonProps) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Button onClick={onClick} disabled={secondsLeft > 0 || sending} data-testid={testId}>
      {sending && sendingLabel
        ? sendingLabel
        : secondsLeft > 0
          ? t('resend-in', { count: secondsLeft })
          : label}
    </Button>
  );
}
