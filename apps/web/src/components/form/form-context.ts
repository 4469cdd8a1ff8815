import { createContext, useContext } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { AppFormApi } from './use-app-form.ts';

// Fields find their form through context so a screen lists them without passing `control`.
// The field names are checked where the form is built (useAppForm); fields take strings.
export const AppFormContext = createContext<AppFormApi<FieldValues, unknown> | null>(null);

export function useAppFormContext(): AppFormApi<FieldValues, unknown> {
  const context = useContext(AppFormContext);
  if (!context) throw new Error('A form field must be inside <AppForm>');
  return context;
}
