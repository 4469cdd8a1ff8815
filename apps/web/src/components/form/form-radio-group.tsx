import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useFormField } from './use-form-field.ts';

export interface RadioOption {
  value: number;
  label: string;
  testId: string;
}

/** Radio buttons bound to a numeric field (gender 0/1) of the surrounding <AppForm>. */
export function FormRadioGroup({
  name,
  testId,
  label,
  options,
}: {
  name: string;
  testId: string;
  label: string;
  options: readonly RadioOption[];
}) {
  const { field, state, error, onChange } = useFormField(name);
  const labelId = useId();
  const value = field.value as number | null | undefined;
  return (
    <FormControl error={Boolean(error)} data-testid={testId} data-state={state}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={field.onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={String(option.value)}
            label={option.label}
            control={
              <Radio
                inputRef={index === 0 ? field.ref : undefined}
                slotProps={{ input: { 'data-testid': option.testId } as object }}
              />
            }
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText data-testid={`${testId}-message`}>{error}</FormHelperText>}
    </FormControl>
  );
}
