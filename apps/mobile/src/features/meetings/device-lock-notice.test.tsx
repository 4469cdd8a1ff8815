import { screen } from '@testing-library/react-native';
import { renderScreen } from '../../../test/helpers.tsx';
import { DeviceLockNotice } from './device-lock-notice.tsx';

const lock = {
  locked: true,
  until: '2026-11-30T09:15:00.000Z',
  remainingMs: 71 * 3_600_000 + 59 * 60_000,
  reason: 'new-phone' as const,
};

describe('the device lock notice', () => {
  it('says why minting is paused, until when, and what still works', async () => {
    await renderScreen(<DeviceLockNotice lock={lock} />);
    expect(screen.getByText(/^Minting is paused until .*30/)).toBeOnTheScreen();
    expect(
      screen.getByText(
        'You signed in on a new phone. To protect your account, meetings do not mint tokens for the next 71 h 59 min',
      ),
    ).toBeOnTheScreen();
    expect(
      screen.getByText(
        'The map, chat and meetings work as usual, and your meetings are counted: only minting waits',
      ),
    ).toBeOnTheScreen();
  });

  it('explains it in Russian', async () => {
    await renderScreen(<DeviceLockNotice lock={lock} />, 'ru');
    expect(screen.getByText(/^Создание токенов приостановлено до/)).toBeOnTheScreen();
    expect(
      screen.getByText(
        'Вы вошли на новом телефоне. Чтобы защитить ваш аккаунт, встречи не создают токены ещё 71 ч 59 мин',
      ),
    ).toBeOnTheScreen();
  });

  it('shows nothing without a lock', async () => {
    await renderScreen(
      <DeviceLockNotice lock={{ locked: false, until: null, remainingMs: 0, reason: null }} />,
    );
    expect(screen.queryByText(/Minting is paused/)).toBeNull();
  });
});
