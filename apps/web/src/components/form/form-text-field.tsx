import type { ChangeEvent, ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormField } from './use-form-field.ts';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string;
  /** Put on the <input> (fill it in tests) together with its `data-state`. */
  testId: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** Adjusts typed text before it is stored (digits only for a code, say). */
  transform?: (value: string) => string;
};

/** A MUI text field bound to a field of the surrounding <AppForm>. */
export function FormTextField({ name, testId, hint, transform, slotProps, ...props }: Props) {
  const { field, state, error, onChange } = useFormField(name);
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(transform ? transform(event.target.value) : event.target.value)
      }
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled ?? field.disabled}
      error={Boolean(error)}
      helperText={error ?? hint}
      data-state={state}
      fullWidth={props.fullWidth ?? true}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...(slotProps?.htmlInput as object | undefined),
          'data-testid': testId,
          'data-state': state,
        },
        formHelperText: { 'data-testid': `${testId}-message` } as object,
      }}
    />
  );
}
