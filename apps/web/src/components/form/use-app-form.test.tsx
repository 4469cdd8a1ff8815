import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRequestSchema, sendCodeRequestSchema } from '@meeet/core/api/user';
import i18n from '../../i18n/i18n.ts';
import { AppForm } from './app-form.tsx';
import { FormTextField } from './form-text-field.tsx';
import { useAppForm, type AsyncFieldCheck } from './use-app-form.ts';
import { formModes, type ValidateOn } from './validate-on.ts';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('core');
});
afterEach(cleanup);

function EmailForm({ validateOn }: { validateOn: ValidateOn }) {
  const app = useAppForm({
    schema: sendCodeRequestSchema,
    defaultValues: { email: '' },
    validateOn,
  });
  return (
    <AppForm form={app} onSubmit={() => undefined} testId="form">
      <FormTextField name="email" testId="email" label="E-mail" />
      <button type="submit">Send</button>
    </AppForm>
  );
}

const email = () => screen.getByTestId('email');
const formState = () => screen.getByTestId('form').getAttribute('data-state');
const fieldState = () => email().getAttribute('data-state');

async function settle() {
  // The resolver is asynchronous (zod parseAsync); let it and React's updates finish.
  for (let i = 0; i < 5; i++) await act(async () => Promise.resolve());
}
async function type(value: string) {
  fireEvent.change(email(), { target: { value } });
  await settle();
}
async function blur() {
  fireEvent.blur(email());
  await settle();
}
async function submit() {
  fireEvent.submit(screen.getByTestId('form'));
  await settle();
}

describe('validateOn → react-hook-form modes', () => {
  it('maps every spec §4 timing option', () => {
    expect(formModes('input')).toMatchObject({ mode: 'onChange', reValidateMode: 'onChange' });
    expect(formModes('blur')).toMatchObject({ mode: 'onBlur', reValidateMode: 'onBlur' });
    expect(formModes('submit')).toMatchObject({ mode: 'onSubmit', reValidateMode: 'onSubmit' });
    expect(formModes('eager')).toMatchObject({ mode: 'onTouched' });
    expect(formModes('lazy')).toMatchObject({ mode: 'onSubmit', reValidateMode: 'onChange' });
    expect(formModes('invalid-input')).toEqual({
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      recheckInvalidOnInput: true,
    });
  });
});

describe('form timing modes and states', () => {
  it('input (the default): checks on every input', async () => {
    render(<EmailForm validateOn="input" />);
    expect(fieldState()).toBe('pristine');
    expect(formState()).toBe('pristine');
    await type('ann@');
    expect(fieldState()).toBe('invalid');
    expect(formState()).toBe('invalid');
    expect(screen.getByTestId('email-message').textContent).toBe('Invalid e-mail');
    await type('ann@example.com');
    expect(fieldState()).toBe('valid');
    expect(formState()).toBe('valid');
  });

  // Each mode as the steps a person takes and the field's state after each step.
  const bad = () => type('ann@');
  const good = () => type('ann@example.com');
  it.each<[ValidateOn, string, Array<[() => Promise<void>, string]>]>([
    [
      'blur',
      'not while typing, on leaving the field',
      [
        [bad, 'pristine'],
        [blur, 'invalid'],
      ],
    ],
    [
      'submit',
      'only when the form is sent',
      [
        [bad, 'pristine'],
        [blur, 'pristine'],
        [submit, 'invalid'],
        [good, 'invalid'],
        [submit, 'valid'],
      ],
    ],
    [
      'eager',
      'first on blur, then on every input',
      [
        [bad, 'pristine'],
        [blur, 'invalid'],
        [good, 'valid'],
        [bad, 'invalid'],
      ],
    ],
    [
      'lazy',
      'nothing until the first submit, then on input',
      [
        [bad, 'pristine'],
        [blur, 'pristine'],
        [submit, 'invalid'],
        [good, 'valid'],
      ],
    ],
    [
      'invalid-input',
      'on input only while the field shows an error',
      [
        [bad, 'pristine'],
        [blur, 'pristine'],
        [submit, 'invalid'],
        [good, 'valid'],
        // Valid now, so typing a mistake is not judged until the next submit.
        [bad, 'valid'],
        [submit, 'invalid'],
      ],
    ],
  ])('%s: %s', async (validateOn, _rule, steps) => {
    render(<EmailForm validateOn={validateOn} />);
    for (const [step, state] of steps) {
      await step();
      expect(fieldState()).toBe(state);
    }
  });
});

describe('form state', () => {
  function FeedbackForm() {
    const app = useAppForm({
      schema: feedbackRequestSchema,
      defaultValues: { name: '', email: '', message: '' },
    });
    return (
      <AppForm form={app} onSubmit={() => undefined} testId="form">
        <FormTextField name="name" testId="name" label="Name" />
        <FormTextField name="email" testId="email" label="E-mail" />
        <FormTextField name="message" testId="message" label="Message" />
      </AppForm>
    );
  }

  it('is valid only when every field is, and shows one error with the schema count', async () => {
    render(<FeedbackForm />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Ann' } });
    await settle();
    expect(screen.getByTestId('name').getAttribute('data-state')).toBe('valid');
    // One field valid, the others unchecked: the form is not valid yet.
    expect(formState()).toBe('pristine');
    fireEvent.change(screen.getByTestId('email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('message'), { target: { value: 'short' } });
    await settle();
    expect(formState()).toBe('invalid');
    // The count comes from the contract's own limit (min 10).
    expect(screen.getByTestId('message-message').textContent).toBe('Minimum 10 characters');
    fireEvent.change(screen.getByTestId('message'), { target: { value: 'Long enough message' } });
    await settle();
    expect(formState()).toBe('valid');
  });
});

describe('server checks', () => {
  function NicknameForm({ check }: { check: AsyncFieldCheck<string> }) {
    const app = useAppForm({
      schema: sendCodeRequestSchema,
      defaultValues: { email: '' },
      asyncChecks: { email: check },
    });
    return (
      <AppForm form={app} onSubmit={() => undefined} testId="form">
        <FormTextField name="email" testId="email" label="E-mail" />
      </AppForm>
    );
  }

  it('is validating while the check is in flight, then shows its answer', async () => {
    let answer: (key: string | null) => void = () => undefined;
    const check: AsyncFieldCheck<string> = () => new Promise((resolve) => (answer = resolve));
    render(<NicknameForm check={check} />);
    await type('taken@example.com');
    expect(fieldState()).toBe('validating');
    expect(formState()).toBe('validating');
    await act(async () => answer('msg.username-taken'));
    await settle();
    expect(fieldState()).toBe('invalid');
    expect(screen.getByTestId('email-message').textContent).toBe('This username is already taken');
  });

  it('is not asked when the rule already failed', async () => {
    let calls = 0;
    render(<NicknameForm check={async () => (calls++, null)} />);
    await type('not-an-email');
    expect(calls).toBe(0);
    expect(fieldState()).toBe('invalid');
  });
});
