import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * The end of a form: the server's refusal (if any) above one full-width submit button that
 * says what is happening while the call is in flight.
 */
export function SubmitWithError({
  failure,
  submitting,
  label,
  submittingLabel = label,
  errorTestId,
  submitTestId,
  disabled = false,
}: {
  failure: string | null | undefined;
  submitting: boolean;
  label: string;
  submittingLabel?: string;
  errorTestId: string;
  submitTestId: string;
  /** Closed for a reason besides the call in flight (the form cannot be sent yet). */
  disabled?: boolean;
}) {
  return (
    <>
      {failure && (
        <Alert severity="error" role="alert" data-testid={errorTestId}>
          {failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submitting || disabled}
        data-testid={submitTestId}
      >
        {submitting ? submittingLabel : label}
      </Button>
    </>
  );
}
