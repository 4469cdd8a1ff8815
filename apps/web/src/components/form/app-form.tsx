import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FieldValues } from 'react-hook-form';
import { AppFormContext } from './form-context.ts';
import type { AppFormApi } from './use-app-form.ts';

/**
 * The <form> of a useAppForm form: no browser validation (the schema does it), and its spec §4
 * state in `data-state` (pristine / valid / invalid / validating) for tests and styling.
 */
export function AppForm<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  testId,
  sx,
  'aria-labelledby': labelledBy,
}: {
  form: AppFormApi<TValues, TOutput>;
  onSubmit: (values: TOutput) => unknown;
  children: ReactNode;
  testId?: string;
  sx?: SxProps<Theme>;
  'aria-labelledby'?: string;
}) {
  return (
    <AppFormContext.Provider value={form as unknown as AppFormApi<FieldValues, unknown>}>
      <Box
        component="form"
        noValidate
        data-testid={testId}
        data-state={form.state}
        aria-labelledby={labelledBy}
        onSubmit={form.form.handleSubmit(async (values) => {
          await onSubmit(values);
        })}
        sx={sx}
      >
        {children}
      </Box>
    </AppFormContext.Provider>
  );
}
