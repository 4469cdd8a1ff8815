import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useFormField } from './use-form-field.ts';

/** A checkbox bound to a boolean field of the surrounding <AppForm>. */
export function FormCheckbox({
  name,
  testId,
  label,
}: {
  name: string;
  testId: string;
  label: ReactNode;
}) {
  const { field, state, error, onChange } = useFormField(name);
  return (
    <FormControl error={Boolean(error)} data-state={state}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{
              input: { 'data-testid': testId, 'data-state': state } as object,
            }}
          />
        }
        label={label}
      />
      {error && <FormHelperText data-testid={`${testId}-message`}>{error}</FormHelperText>}
    </FormControl>
  );
}
