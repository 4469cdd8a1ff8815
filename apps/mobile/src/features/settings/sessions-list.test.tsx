import { fireEvent, screen, waitFor } from '@testing-library/react-native';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { SessionsList } from './sessions-list.tsx';

const PHONE = {
  id: '00000000-0000-4000-8000-000000000001',
  client: 'app',
  browser: null,
  os: 'iOS',
  country: 'DE',
  createdAt: '2026-11-28T08:00:00.000Z',
  lastSeenAt: '2026-11-28T09:00:00.000Z',
  current: true,
};
const LAPTOP = {
  ...PHONE,
  id: '00000000-0000-4000-8000-000000000002',
  client: 'browser',
  browser: 'Chrome 130',
  os: 'macOS 15',
  country: null,
  current: false,
};

describe('sessions in settings', () => {
  beforeEach(() => signedIn());

  it('lists the devices and signs another one out', async () => {
    const calls = fakeServer({
      'GET /api/security/sessions': { body: { list: [PHONE, LAPTOP] } },
      [`DELETE /api/security/sessions/${LAPTOP.id}`]: { body: { ended: 1 } },
    });
    await renderScreen(<SessionsList />);
    expect(calls).toHaveLength(0);
    await fireEvent.press(screen.getByRole('button', { name: 'Sessions' }));
    expect(await screen.findByText('MEEET app · iOS')).toBeOnTheScreen();
    expect(screen.getByText('This device')).toBeOnTheScreen();
    expect(screen.getByText(/^Germany · last active/)).toBeOnTheScreen();

    await fireEvent.press(screen.getByRole('button', { name: 'Sign out Chrome 130 · macOS 15' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('signs out everywhere else, in Russian', async () => {
    const calls = fakeServer({
      'GET /api/security/sessions': { body: { list: [PHONE, LAPTOP] } },
      'POST /api/security/sessions/end-others': { body: { ended: 1 } },
    });
    await renderScreen(<SessionsList />, 'ru');
    await fireEvent.press(screen.getByRole('button', { name: 'Сеансы' }));
    await fireEvent.press(
      await screen.findByRole('button', { name: 'Выйти на всех других устройствах' }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  });
});
