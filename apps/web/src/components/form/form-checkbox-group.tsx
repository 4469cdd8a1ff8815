import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useFormField } from './use-form-field.ts';

/**
 * A multi-select as a group of checkboxes bound to a string-array field of the surrounding
 * <AppForm>; the values keep the order of `options`.
 */
export function FormCheckboxGroup({
  name,
  testId,
  label,
  hint,
  options,
}: {
  name: string;
  testId: string;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
}) {
  const { field, state, error, onChange } = useFormField(name);
  const selected = new Set((field.value as string[] | undefined) ?? []);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    onChange(options.map((option) => option.value).filter((v) => next.has(v)));
  };
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      data-state={state}
      data-testid={testId}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.name}
                value={option.value}
                checked={selected.has(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {(error ?? hint) && (
        <FormHelperText data-testid={`${testId}-message`}>{error ?? hint}</FormHelperText>
      )}
    </FormControl>
  );
}
