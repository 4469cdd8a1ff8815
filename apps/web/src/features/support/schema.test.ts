import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS, feedbackSchema } from './schema.ts';

const firstMessage = (input: unknown) => {
  const result = feedbackSchema.safeParse(input);
  return result.success
    ? null
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('feedback form schema', () => {
  it('accepts a valid message and trims it', () => {
    const result = feedbackSchema.safeParse({
      name: ' Ann ',
      email: ' ann@example.com ',
      message: '  Hello there, world  ',
    });
    expect(result.success && result.data).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello there, world',
    });
  });

  it('reports the core message keys', () => {
    expect(firstMessage({ name: '', email: 'nope', message: 'short' })).toEqual({
      name: 'msg.required',
      email: 'msg.invalid-email',
      message: 'msg.min-length',
    });
    expect(
      firstMessage({
        name: 'A',
        email: 'a@b.co',
        message: 'x'.repeat(FEEDBACK_LIMITS.messageMax + 1),
      }),
    ).toEqual({
      message: 'msg.max-length',
    });
  });
});
