import { z } from 'zod';
import { validateEmail } from '@meeet/core/rules/email';

/** Limits of the "Get in touch" form (not in the spec; chosen here, see the report). */
export const FEEDBACK_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 2000,
} as const;

/**
 * Issue messages are keys of the shared `core` catalogue ('msg.required', …), so the form
 * shows the same words as the rest of the app; min/max lengths take their count from FEEDBACK_LIMITS
 * when shown.
 */
export const feedbackSchema = z.object({
  name: z.string().trim().min(1, 'msg.required').max(FEEDBACK_LIMITS.nameMax, 'msg.max-length'),
  email: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const error = validateEmail(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  message: z
    .string()
    .trim()
    .min(1, 'msg.required')
    .min(FEEDBACK_LIMITS.messageMin, 'msg.min-length')
    .max(FEEDBACK_LIMITS.messageMax, 'msg.max-length'),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
