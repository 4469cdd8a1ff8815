import type { z } from 'zod';
import type { Translate, TextKey } from './i18n.ts';

export type FieldErrors = Record<string, string>;

/** The first message of each field, translated (the rules return message keys). */
export function fieldErrors(error: z.ZodError, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= t(issue.message as TextKey);
  }
  return errors;
}
