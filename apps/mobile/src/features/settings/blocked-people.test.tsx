import { fireEvent, screen, waitFor } from '@testing-library/react-native';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { BlockedPeople } from './blocked-people.tsx';
import { blockList, blockedPerson } from '@meeet/core/api/meet.test-support';

describe('blocked people in settings', () => {
  beforeEach(() => signedIn());

  it('names the people I blocked, as the server says, and unblocks one', async () => {
    const calls = fakeServer({
      'GET /api/meet/blocks': {
        body: blockList(
          blockedPerson(2, 'boris'),
          blockedPerson(5, null, 'Vera'),
          blockedPerson(7, null),
        ),
      },
      'DELETE /api/meet/blocks/2': {
        body: blockList(blockedPerson(5, null, 'Vera'), blockedPerson(7, null)),
      },
    });
    await renderScreen(<BlockedPeople />);
    expect(calls).toHaveLength(0);
    await fireEvent.press(screen.getByRole('button', { name: 'Blocked people' }));
    expect(await screen.findByText('boris')).toBeOnTheScreen();
    expect(screen.getByText('Vera')).toBeOnTheScreen();
    expect(screen.getByText('User #7')).toBeOnTheScreen();

    await fireEvent.press(screen.getByRole('button', { name: 'Unblock boris' }));
    await waitFor(() => expect(screen.queryByText('boris')).toBeNull());
    expect(screen.getByText('User #7')).toBeOnTheScreen();
    expect(calls.at(-1)?.method).toBe('DELETE');
  });

  it('says when nobody is blocked, in Russian', async () => {
    fakeServer({ 'GET /api/meet/blocks': { body: blockList() } });
    await renderScreen(<BlockedPeople />, 'ru');
    await fireEvent.press(screen.getByRole('button', { name: 'Заблокированные' }));
    expect(await screen.findByText('Вы никого не заблокировали')).toBeOnTheScreen();
  });

  it('shows a refused unblock and keeps the person listed', async () => {
    fakeServer({
      'GET /api/meet/blocks': { body: blockList(blockedPerson(7, null)) },
      'DELETE /api/meet/blocks/7': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later' },
      },
    });
    await renderScreen(<BlockedPeople />);
    await fireEvent.press(screen.getByRole('button', { name: 'Blocked people' }));
    await fireEvent.press(await screen.findByRole('button', { name: 'Unblock User #7' }));
    expect(await screen.findByText('Too many attempts. Please try again later')).toBeOnTheScreen();
    expect(screen.getByText('User #7')).toBeOnTheScreen();
  });
});
