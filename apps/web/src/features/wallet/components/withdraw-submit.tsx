import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A withdrawal step's failure (if any) above its full-width submit button. */
export function WithdrawSubmit({
  failure,
  disabled,
  label,
  testId,
}: {
  failure: string | null;
  disabled: boolean;
  label: string;
  testId: string;
}) {
  return (
    <>
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
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </Button>
    </>
  );
}
