import { fireEvent, screen } from '@testing-library/react-native';
import { fakeServer, me, renderScreen, signedIn, signedOut } from '../../../test/helpers.tsx';
import { sessionStore } from '../../lib/session.ts';
import { SignInScreen } from '../auth/sign-in-screen.tsx';
import { AccountNotice, accountNoticeStore } from './account-notice.tsx';
import { DataExportCard } from './account-actions.tsx';
import { DeletionScreen } from './deletion-screen.tsx';

jest.mock('expo-web-browser', () => ({ openAuthSessionAsync: jest.fn() }));

const nothingHeld = {
  eraseAt: null,
  usdt: '0',
  bnb: '0',
  tokens: 0,
  needsForfeit: false,
  needsPassword: true,
};

describe('account deletion', () => {
  beforeEach(() => signedIn());

  it('shows the rules, sends the password and signs the phone out', async () => {
    const calls = fakeServer({
      'GET /api/user/account/deletion': { body: nothingHeld },
      'POST /api/user/account/deletion': { body: { eraseAt: '2026-12-28T10:00:00.000Z' } },
    });
    await renderScreen(<DeletionScreen />);
    expect(screen.getByText(/Your account is erased 30 days later/)).toBeOnTheScreen();
    expect(screen.getByText(/transaction records, as payment law requires/)).toBeOnTheScreen();
    await fireEvent.changeText(await screen.findByLabelText('Your password'), 'Secret-1');
    await fireEvent.press(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByRole('button', { name: 'Delete my account' });
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { password: 'Secret-1', forfeit: false },
    });
    expect(sessionStore.get().auth).toBeNull();
  });

  it('asks to forfeit a balance above dust before it can be confirmed', async () => {
    const calls = fakeServer({
      'GET /api/user/account/deletion': {
        body: { ...nothingHeld, usdt: '3000000000000000000', needsForfeit: true },
      },
      'POST /api/user/account/deletion': { body: { eraseAt: '2026-12-28T10:00:00.000Z' } },
    });
    await renderScreen(<DeletionScreen />);
    expect(
      await screen.findByText('You still hold 3 USDT, 0 BNB and 0 token(s).'),
    ).toBeOnTheScreen();
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await fireEvent.changeText(screen.getByLabelText('Your password'), 'Secret-1');
    await fireEvent.press(
      screen.getByRole('checkbox', { name: /balance and tokens are forfeited/ }),
    );
    await fireEvent.press(confirm);
    await screen.findByRole('button', { name: 'Delete my account' });
    expect(calls.at(-1)?.body).toEqual({ password: 'Secret-1', forfeit: true });
  });

  it("shows the server's word on a wrong password and stays signed in", async () => {
    fakeServer({
      'GET /api/user/account/deletion': { body: nothingHeld },
      'POST /api/user/account/deletion': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Validation error',
          fields: { password: 'Wrong current password' },
        },
      },
    });
    await renderScreen(<DeletionScreen />);
    await fireEvent.changeText(await screen.findByLabelText('Your password'), 'nope');
    await fireEvent.press(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Wrong current password')).toBeOnTheScreen();
    expect(sessionStore.get().auth).not.toBeNull();
  });
});

describe('data export', () => {
  beforeEach(() => signedIn());

  it('requests the archive and says a link is on its way', async () => {
    const calls = fakeServer({ 'POST /api/user/account/export': { body: { requested: true } } });
    await renderScreen(<DataExportCard />);
    await fireEvent.press(screen.getByRole('button', { name: 'Request my data' }));
    expect(
      await screen.findByText('We are preparing your data and will e-mail you a link.'),
    ).toBeOnTheScreen();
    expect(calls.map((call) => call.path)).toEqual(['/api/user/account/export']);
  });
});

describe('a sign-in that cancels a deletion', () => {
  beforeEach(() => {
    signedOut();
    accountNoticeStore.set(null);
  });

  it('tells the user the deletion was cancelled', async () => {
    fakeServer({
      'GET /api/user/apple/status': { body: { enabled: false } },
      'POST /api/user/login': { body: { token: 'jwt', user: me, deletionCancelled: true } },
    });
    await renderScreen(
      <>
        <SignInScreen onRegister={() => undefined} />
        <AccountNotice />
      </>,
    );
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Password'), 'Secret-1');
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your account deletion was cancelled')).toBeOnTheScreen();
    expect(sessionStore.get().auth?.token).toBe('jwt');
  });
});
