import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
import i18n from '../../i18n/i18n.ts';
import { NS } from './i18n.ts';
import RecoveryPage from './recovery-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('password recovery', () => {
  it('mails a code, keeps its six digits and sets the new password', async () => {
    const sent = serveApi({
      'POST /api/user/recovery-password/send-code': () => ({ sent: true, retryAfterSeconds: 60 }),
      'POST /api/user/recovery-password/check-code': () => ({ ok: true }),
    });
    renderPage(<RecoveryPage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'lena@meeet.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByRole('textbox', { name: 'Code from the e-mail' });
    // Another code waits out the 60 s the server set.
    expect(screen.getByRole('button', { name: /60/ })).toHaveProperty('disabled', true);
    fireEvent.change(code, { target: { value: '12-34 567' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.change(screen.getByLabelText('New password', { exact: false }), {
      target: { value: 'Another-secret-9' },
    });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: false }), {
      target: { value: 'Another-secret-9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(sent.find((request) => request.path.endsWith('/check-code'))?.body).toEqual({
        email: 'lena@meeet.test',
        code: '123456',
        password: 'Another-secret-9',
      }),
    );
  });
});
