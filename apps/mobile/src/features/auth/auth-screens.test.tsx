import { fireEvent, screen } from '@testing-library/react-native';
import { fakeServer, me, renderScreen, signedIn, signedOut } from '../../../test/helpers.tsx';
import { sessionStore } from '../../lib/session.ts';
import { CompleteProfileScreen } from './complete-profile-screen.tsx';
import { RegisterScreen } from './register-screen.tsx';
import { SignInScreen } from './sign-in-screen.tsx';
import { VerifyEmailScreen } from './verify-email-screen.tsx';

jest.mock('expo-web-browser', () => ({ openAuthSessionAsync: jest.fn() }));

describe('sign in', () => {
  beforeEach(() => signedOut());

  it('checks the fields with the shared rules before calling', async () => {
    const calls = fakeServer({ 'GET /api/user/apple/status': { body: { enabled: false } } });
    await renderScreen(<SignInScreen onRegister={() => undefined} />);
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/api/user/login')).toHaveLength(0);
  });

  it('keeps the auth record after a successful sign-in, sending the fingerprint', async () => {
    const calls = fakeServer({
      'GET /api/user/apple/status': { body: { enabled: true } },
      'POST /api/user/login': { body: { token: 'jwt', user: me } },
    });
    await renderScreen(<SignInScreen onRegister={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Sign in with Apple' })).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Password'), 'Secret-1');
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(sessionStore.get().auth?.token).toBe('jwt');
    const login = calls.find((call) => call.path === '/api/user/login');
    expect(login?.headers['x-fp']).toBeDefined();
  });

  it('asks a new device for the second factor and sends it with the next try', async () => {
    let tries = 0;
    const calls = fakeServer({
      'GET /api/user/apple/status': { body: { enabled: false } },
      'POST /api/user/login': () => {
        tries += 1;
        if (tries > 1) return { body: { token: 'jwt', user: me } };
        return {
          status: 403,
          body: {
            code: 'FACTOR_REQUIRED',
            message: 'Confirm with your second factor',
            details: { kinds: 'totp' },
          },
        };
      },
    });
    await renderScreen(<SignInScreen onRegister={() => undefined} />);
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Password'), 'Secret-1');
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Confirm with your second factor')).toBeOnTheScreen();
    await fireEvent.changeText(
      screen.getByLabelText('Code from your authenticator app, or a recovery code'),
      '123456',
    );
    await fireEvent.press(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(sessionStore.get().auth?.token).toBe('jwt');
    const logins = calls.filter((call) => call.path === '/api/user/login');
    expect(logins.map((call) => call.headers['x-meeet-factor'])).toEqual([
      undefined,
      'totp:123456',
    ]);
  });

  it("shows the server's message in Russian", async () => {
    fakeServer({
      'GET /api/user/apple/status': { body: { enabled: false } },
      'POST /api/user/login': {
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Неверный логин или пароль' },
      },
    });
    await renderScreen(<SignInScreen onRegister={() => undefined} />, 'ru');
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Пароль'), 'wrong');
    await fireEvent.press(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверный логин или пароль')).toBeOnTheScreen();
    expect(screen.queryByRole('button', { name: 'Войти через Apple' })).toBeNull();
  });
});

describe('register', () => {
  beforeEach(() => signedOut());

  it('asks for adult age and the terms, and a strong password', async () => {
    fakeServer({});
    await renderScreen(<RegisterScreen onSignIn={() => undefined} />);
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Password'), 'weak');
    await fireEvent.press(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Weak password')).toBeOnTheScreen();
    expect(screen.getByText('Field is required')).toBeOnTheScreen();
  });

  it('signs the new user in', async () => {
    const calls = fakeServer({
      'POST /api/user/register': {
        status: 201,
        body: { token: 'new', user: { ...me, emailVerified: false } },
      },
    });
    await renderScreen(<RegisterScreen onSignIn={() => undefined} />, 'ru');
    await fireEvent.changeText(screen.getByLabelText('E-mail'), 'anna@example.com');
    await fireEvent.changeText(screen.getByLabelText('Пароль'), 'Strong-Pass-1');
    await fireEvent.press(screen.getByRole('checkbox', { name: /Мне есть 18 лет/ }));
    await fireEvent.press(screen.getByRole('button', { name: 'Присоединиться' }));
    await screen.findByRole('button', { name: 'Присоединиться' });
    expect(sessionStore.get().auth?.token).toBe('new');
    expect(calls.find((call) => call.path === '/api/user/register')?.body).toMatchObject({
      locale: 'ru',
      acceptTerms: true,
    });
  });
});

describe('confirm e-mail', () => {
  it('mails a code, checks it and refreshes the user', async () => {
    signedIn({ emailVerified: false });
    fakeServer({
      'POST /api/user/email/verify/send-code': { body: { sent: true, retryAfterSeconds: 60 } },
      'POST /api/user/email/verify/check/123456': { body: { ok: true } },
      'GET /api/user/me': { body: me },
    });
    await renderScreen(<VerifyEmailScreen />);
    expect(await screen.findByText('A new code is on its way')).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText('Code from the e-mail'), '123456');
    await fireEvent.press(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('A new code is on its way');
    expect(sessionStore.get().auth?.user.emailVerified).toBe(true);
  });

  it('shows a wrong code in Russian', async () => {
    signedIn({ emailVerified: false, email: 'a@b.ru' });
    fakeServer({
      'POST /api/user/email/verify/send-code': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'x' },
      },
      'POST /api/user/email/verify/check/000000': {
        status: 400,
        body: { code: 'INVALID_CODE', message: 'Неверный код' },
      },
    });
    await renderScreen(<VerifyEmailScreen />, 'ru');
    expect(
      screen.getByText('Мы отправили шестизначный код на a@b.ru. Введите его здесь.'),
    ).toBeOnTheScreen();
    await fireEvent.changeText(screen.getByLabelText('Код из письма'), '000000');
    await fireEvent.press(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Неверный код')).toBeOnTheScreen();
  });
});

describe('complete profile', () => {
  it('uses the same birth-date and gender rules as the web', async () => {
    signedIn({ firstName: null, lastName: null, domain: null, gender: null, bdate: null });
    const calls = fakeServer({});
    await renderScreen(<CompleteProfileScreen />);
    await fireEvent.changeText(screen.getByLabelText('Birth date (DD.MM.YYYY)'), '01.01.2020');
    await fireEvent.press(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findByText('Participation in the project is only available to adults'),
    ).toBeOnTheScreen();
    expect(screen.getByText('Choose your gender')).toBeOnTheScreen();
    expect(calls).toHaveLength(0);
  });

  it('saves the profile in the stored midnight-UTC form', async () => {
    signedIn({ firstName: null, lastName: null, domain: null, gender: null, bdate: null });
    const calls = fakeServer({ 'POST /api/user/profile-update': { body: me } });
    await renderScreen(<CompleteProfileScreen />, 'ru');
    await fireEvent.changeText(screen.getByLabelText('Имя'), 'Anna');
    await fireEvent.changeText(screen.getByLabelText('Фамилия'), 'Tester');
    await fireEvent.changeText(screen.getByLabelText('Никнейм'), 'anna');
    await fireEvent.changeText(screen.getByLabelText('Дата рождения (ДД.ММ.ГГГГ)'), '17.05.1990');
    await fireEvent.press(screen.getByRole('checkbox', { name: 'Женский' }));
    await fireEvent.press(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    await screen.findByRole('button', { name: 'Сохранить и продолжить' });
    expect(calls[0]?.body).toMatchObject({
      bdate: '1990-05-17T00:00:00.000Z',
      gender: 1,
      domain: 'anna',
    });
    expect(sessionStore.get().auth?.user.firstName).toBe('Anna');
  });
});
