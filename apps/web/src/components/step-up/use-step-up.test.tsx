import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FACTOR_HEADER } from '@meeet/core/api/factors-paths';
import { okResponseSchema } from '@meeet/core/api/user';
import { serveApi } from '../../../test/api-server.ts';
import i18n from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { factorHeaders } from '../../lib/passkeys.ts';
import { useStepUp } from './use-step-up.tsx';

/** A guarded button: calls the API through the step-up and says how it ended. */
function Guarded() {
  const stepUp = useStepUp({ passkey: false });
  const [outcome, setOutcome] = useState('');
  const onClick = async () => {
    const result = await stepUp.run((factor) =>
      api.post('/guarded', {}, okResponseSchema, factorHeaders(factor)),
    );
    setOutcome(result.ok ? 'done' : `refused: ${result.error}`);
  };
  return (
    <>
      <button onClick={() => void onClick()}>Go</button>
      <output>{outcome}</output>
      {stepUp.dialog}
    </>
  );
}

const refusal = (code: string, message: string, details?: Record<string, string>) =>
  HttpResponse.json({ code, message, ...(details ? { details } : {}) }, { status: 403 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('useStepUp', () => {
  it('asks for the factor the server names and calls again with it in the header', async () => {
    const sent = serveApi({
      'POST /api/guarded': ({ request }) => {
        const factor = request.headers.get(FACTOR_HEADER);
        if (!factor) return refusal('FACTOR_REQUIRED', 'Confirm it', { kinds: 'totp' });
        if (factor !== 'totp:123456') return refusal('FACTOR_INVALID', 'Wrong code');
        return { ok: true };
      },
    });
    render(<Guarded />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog.textContent).toContain('Confirm it');
    const field = screen.getByLabelText('Code from your authenticator app, or a recovery code');
    fireEvent.change(field, { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Wrong code');
    fireEvent.change(screen.getByLabelText(/authenticator app/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByText('done');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.map((r) => r.headers.get(FACTOR_HEADER))).toEqual([
      null,
      'recovery:abcde-fghij',
      'totp:123456',
    ]);
  });

  it('confirming in the dialog does not submit the form it was opened from again', async () => {
    const sent = serveApi({
      'POST /api/guarded': ({ request }) =>
        request.headers.get(FACTOR_HEADER) === 'totp:123456'
          ? { ok: true }
          : refusal('FACTOR_REQUIRED', 'Confirm it', { kinds: 'totp' }),
    });
    function GuardedForm() {
      const stepUp = useStepUp({ passkey: false });
      const [outcome, setOutcome] = useState('');
      const onSubmit = async (event: React.FormEvent) => {
        event.preventDefault();
        const result = await stepUp.run((factor) =>
          api.post('/guarded', {}, okResponseSchema, factorHeaders(factor)),
        );
        setOutcome(result.ok ? 'done' : 'refused');
      };
      return (
        <form onSubmit={(event) => void onSubmit(event)}>
          <button type="submit">Send</button>
          <output>{outcome}</output>
          {stepUp.dialog}
        </form>
      );
    }
    render(<GuardedForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const field = await screen.findByLabelText(/authenticator app/);
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('done');
    expect(sent.map((r) => r.headers.get(FACTOR_HEADER))).toEqual([null, 'totp:123456']);
  });

  it('gives the refusal back when the user cancels', async () => {
    serveApi({
      'POST /api/guarded': () => refusal('FACTOR_REQUIRED', 'Confirm it', { kinds: 'totp' }),
    });
    render(<Guarded />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('refused: Confirm it');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
