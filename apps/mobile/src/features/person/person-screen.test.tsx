import { fireEvent, screen } from '@testing-library/react-native';
import { card, fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { rememberPeople } from '../../lib/people.ts';
import { PersonScreen } from './person-screen.tsx';

describe("a person's card", () => {
  beforeEach(() => {
    signedIn();
    rememberPeople([
      { ...card(2, 'boris'), verified: true, levels: [0, 1], mood: 'business', distanceM: 300 },
    ]);
  });

  it('shows nickname, checkmark, mood, distance and levels; opens the chat', async () => {
    fakeServer({});
    const onChat = jest.fn();
    await renderScreen(<PersonScreen userId={2} onChat={onChat} onBlocked={() => undefined} />);
    expect(screen.getByText('boris ✓')).toBeOnTheScreen();
    expect(screen.getByText('Business')).toBeOnTheScreen();
    expect(screen.getByText('300 m')).toBeOnTheScreen();
    expect(screen.getByText('Tokens: Silver, Gold')).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Chat' }));
    expect(onChat).toHaveBeenCalledWith(2);
  });

  it('says when the person is unknown', async () => {
    fakeServer({});
    await renderScreen(
      <PersonScreen userId={99} onChat={() => undefined} onBlocked={() => undefined} />,
    );
    expect(screen.getByText('Not found')).toBeOnTheScreen();
  });

  it('blocks, in Russian', async () => {
    const calls = fakeServer({ 'PUT /api/meet/blocks/2': { body: { ok: true } } });
    await renderScreen(
      <PersonScreen userId={2} onChat={() => undefined} onBlocked={() => undefined} />,
      'ru',
    );
    await fireEvent.press(screen.getByRole('button', { name: 'Заблокировать' }));
    // Nothing is sent until the person confirms, by name.
    expect(calls).toHaveLength(0);
    expect(
      screen.getByText(
        'Заблокировать boris? Вы не увидите друг друга на карте, в списках и в чате',
      ),
    ).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Да, заблокировать' }));
    expect(
      await screen.findByText('Заблокирован. Вы больше не увидите друг друга'),
    ).toBeOnTheScreen();
    expect(calls[0]?.method).toBe('PUT');
  });

  it('reports with a reason from the fixed list, and shows a refusal', async () => {
    const calls = fakeServer({ 'POST /api/meet/reports': { status: 201, body: { id: 1 } } });
    await renderScreen(
      <PersonScreen userId={2} onChat={() => undefined} onBlocked={() => undefined} />,
    );
    await fireEvent.press(screen.getByRole('button', { name: 'Report' }));
    await fireEvent.press(screen.getByRole('checkbox', { name: 'Scam or fraud' }));
    await fireEvent.changeText(screen.getByLabelText(/Anything else/), 'Asked for money');
    await fireEvent.press(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. A moderator will look at it')).toBeOnTheScreen();
    expect(calls[0]?.body).toEqual({ userId: 2, reason: 'scam', text: 'Asked for money' });

    fakeServer({
      'PUT /api/meet/blocks/2': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later' },
      },
    });
    await fireEvent.press(screen.getByRole('button', { name: 'Block' }));
    await fireEvent.press(screen.getByRole('button', { name: 'Yes, block' }));
    expect(await screen.findByText('Too many attempts. Please try again later')).toBeOnTheScreen();
  });

  it('asks before blocking, and a cancel sends nothing', async () => {
    const calls = fakeServer({});
    const onBlocked = jest.fn();
    await renderScreen(<PersonScreen userId={2} onChat={() => undefined} onBlocked={onBlocked} />);
    await fireEvent.press(screen.getByRole('button', { name: 'Block' }));
    expect(screen.getByText(/^Block boris\? You will not see each other/)).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/^Block boris\?/)).toBeNull();
    expect(calls).toHaveLength(0);
    expect(onBlocked).not.toHaveBeenCalled();
  });
});
