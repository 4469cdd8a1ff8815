import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiFailure } from '../../lib/api-client.ts';

/**
 * Puts the server's field messages (already in the user's language) under the fields they
 * name; the next check of that field replaces them. Returns whether any field took one, so
 * the caller shows the general message only when nothing more precise is on screen.
 */
export function showServerFieldErrors<TValues extends FieldValues>(
  form: UseFormReturn<TValues, unknown, unknown>,
  failure: ApiFailure,
  fieldNames: readonly string[],
): boolean {
  let shown = false;
  for (const [name, message] of Object.entries(failure.fields ?? {})) {
    if (!fieldNames.includes(name)) continue;
    form.setError(name as Path<TValues>, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** The server's message for a failed call, or `fallback` when it sent none (spec §8 'ERROR'). */
export function failureMessage(failure: ApiFailure, fallback: string): string {
  return failure.error && failure.error !== 'ERROR' ? failure.error : fallback;
}
