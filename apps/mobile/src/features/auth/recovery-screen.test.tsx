import { fireEvent, screen } from '@testing-library/react-native';
import { fakeServer, renderScreen, signedOut } from '../../../test/helpers.tsx';
import { RecoveryScreen } from './recovery-screen.tsx';

describe('password recovery', () => {
  beforeEach(() => signedOut());

  it('sends a code, then sets the new password with it', async () => {
    const calls = fakeServer({
      'POST /api/user/recovery-password/send-code': {
        body: { sent: true, retryAfterSeconds: 60 },
      },
      'POST /api/user/recovery-password/check-code': { body: { ok: true } },
    });
    await renderScreen(<RecoveryScreen onSignIn={() => undefined} />);
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.press(screen.getByRole('button', { name: 'Send the code' }));
    expect(
      await screen.findByText(
        'We sent a code to anna@example.com. Enter it with your new password.',
      ),
    ).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText('Code from the e-mail'), '123456');
    await fireEvent.changeText(screen.getByLabelText('New password'), 'Strong-Pass-91');
    await fireEvent.press(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password is changed. Sign in with it.')).toBeOnTheScreen();
    expect(calls.at(-1)?.body).toEqual({
      email: 'anna@example.com',
      code: '123456',
      password: 'Strong-Pass-91',
    });
  });

  it('checks the new password with the shared rules before calling', async () => {
    const calls = fakeServer({
      'POST /api/user/recovery-password/send-code': {
        body: { sent: true, retryAfterSeconds: 60 },
      },
    });
    await renderScreen(<RecoveryScreen onSignIn={() => undefined} />);
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.press(screen.getByRole('button', { name: 'Send the code' }));
    await fireEvent.changeText(await screen.findByLabelText('Code from the e-mail'), '123456');
    await fireEvent.changeText(screen.getByLabelText('New password'), 'weak');
    await fireEvent.press(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Weak password')).toBeOnTheScreen();
    expect(calls).toHaveLength(1);
  });

  it("shows the server's refusal of a wrong code", async () => {
    fakeServer({
      'POST /api/user/recovery-password/send-code': {
        body: { sent: true, retryAfterSeconds: 60 },
      },
      'POST /api/user/recovery-password/check-code': {
        status: 400,
        body: { code: 'INVALID_CODE', message: 'Invalid code' },
      },
    });
    await renderScreen(<RecoveryScreen onSignIn={() => undefined} />);
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.press(screen.getByRole('button', { name: 'Send the code' }));
    await fireEvent.changeText(await screen.findByLabelText('Code from the e-mail'), '000000');
    await fireEvent.changeText(screen.getByLabelText('New password'), 'Strong-Pass-91');
    await fireEvent.press(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Invalid code')).toBeOnTheScreen();
  });
});
