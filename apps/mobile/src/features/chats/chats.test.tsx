import { fireEvent, screen } from '@testing-library/react-native';
import { card, fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import * as socket from '../../../test/socket-mock.ts';
import { ChatScreen } from './chat-screen.tsx';
import { ChatsScreen } from './chats-screen.tsx';
import { formatDate, formatTime } from '@meeet/core/format/date';
import { rememberPeople } from '../../lib/people.ts';

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);

const message = (id: number, senderId: number, text: string, flags: string[] = []) => ({
  id,
  conversationId: 9,
  senderId,
  clientId: `client-${id}`,
  text,
  flags,
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('the list of chats', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
  });

  it('shows loading, then conversations with unread counts', async () => {
    fakeServer({ 'GET /api/meet/conversations': 'pending' });
    await renderScreen(<ChatsScreen onOpen={() => undefined} />);
    expect(screen.getByLabelText('Loading…')).toBeOnTheScreen();

    fakeServer({
      'GET /api/meet/conversations': {
        body: {
          list: [
            {
              id: 9,
              other: card(2, 'boris'),
              lastMessage: message(5, 2, 'Hi'),
              unread: 2,
              otherReadId: null,
            },
          ],
        },
      },
    });
    await renderScreen(<ChatsScreen onOpen={() => undefined} />);
    expect(await screen.findByText('2 unread')).toBeOnTheScreen();
    expect(screen.getByText('Hi')).toBeOnTheScreen();
  });

  it('is empty in Russian', async () => {
    fakeServer({ 'GET /api/meet/conversations': { body: { list: [] } } });
    await renderScreen(<ChatsScreen onOpen={() => undefined} />, 'ru');
    expect(
      await screen.findByText(
        'Диалогов пока нет. Поднимите руку и поздоровайтесь с кем-нибудь рядом',
      ),
    ).toBeOnTheScreen();
  });

  it('offers a retry after an error', async () => {
    fakeServer({
      'GET /api/meet/conversations': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again later' },
      },
    });
    await renderScreen(<ChatsScreen onOpen={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeOnTheScreen();
  });
});

describe('a conversation', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
  });

  it('warns about a scam pattern in the other person’s message and marks it read', async () => {
    const calls = fakeServer({
      'GET /api/meet/conversations/2/messages': {
        body: {
          list: [message(5, 2, 'Send USDT to 0x5290…', ['wallet-address'])],
          nextBefore: null,
          otherReadId: null,
        },
      },
      'POST /api/meet/conversations/2/read': { body: { readId: 5 } },
    });
    await renderScreen(<ChatScreen userId={2} />);
    expect(await screen.findByText('Be careful', { exact: false })).toBeOnTheScreen();
    expect(screen.getByText(/This message contains a crypto wallet address/)).toBeOnTheScreen();
    await screen.findByText('Send USDT to 0x5290…');
    expect(calls.some((call) => call.path === '/api/meet/conversations/2/read')).toBe(true);
  });

  it('warns in Russian too', async () => {
    fakeServer({
      'GET /api/meet/conversations/2/messages': {
        body: {
          list: [message(5, 2, 'Пиши в телеграм', ['off-platform'])],
          nextBefore: null,
          otherReadId: null,
        },
      },
      'POST /api/meet/conversations/2/read': { body: { readId: 5 } },
    });
    await renderScreen(<ChatScreen userId={2} />, 'ru');
    expect(await screen.findByText('Будьте осторожны', { exact: false })).toBeOnTheScreen();
    expect(screen.getByText(/Вас зовут в другой мессенджер/)).toBeOnTheScreen();
  });

  it('pages back, sends with a client id, shows typing and the read receipt', async () => {
    const calls = fakeServer({
      'GET /api/meet/conversations/2/messages': ({ url }) =>
        url.searchParams.get('before') === '4'
          ? { body: { list: [message(3, 2, 'Older')], nextBefore: null, otherReadId: null } }
          : { body: { list: [message(4, 1, 'Newer')], nextBefore: 4, otherReadId: null } },
      'POST /api/meet/conversations/2/messages': ({ body }) => ({
        body: message(6, 1, (body as { text: string }).text),
      }),
      'POST /api/meet/conversations/2/read': { body: { readId: 3 } },
    });
    await renderScreen(<ChatScreen userId={2} />);
    await fireEvent.press(await screen.findByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('Older')).toBeOnTheScreen();

    await fireEvent.changeText(screen.getByLabelText('Message'), 'Hello there');
    expect(socket.emitted).toContainEqual({ event: 'chat:typing', payload: { userId: 2 } });
    await fireEvent.press(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Hello there')).toBeOnTheScreen();
    const sent = calls.find((call) => call.method === 'POST' && call.path.endsWith('/messages'));
    expect((sent?.body as { clientId: string }).clientId).toMatch(/^id-/);
    expect(screen.getAllByLabelText('Sent')).toHaveLength(2);

    await socket.push('chat:typing', { userId: 2 });
    expect(await screen.findByText(/ is typing…$/)).toBeOnTheScreen();
    await socket.push('chat:read', { conversationId: 9, userId: 2, readId: 6 });
    expect(await screen.findAllByLabelText('Read')).toHaveLength(2);
    expect(screen.queryByLabelText('Sent')).toBeNull();
  });

  it('separates days, times each message, shows the avatar and the sent and read marks', async () => {
    rememberPeople([card(2, 'boris')]);
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const old = new Date(now - 10 * 86_400_000 - 3 * 3_600_000).toISOString();
    const fromTheDay = (id: number, senderId: number, text: string, createdAt: string) => ({
      ...message(id, senderId, text),
      createdAt,
    });
    fakeServer({
      'GET /api/meet/conversations/2/messages': {
        body: {
          list: [
            fromTheDay(4, 1, 'Still there?', at(0)),
            fromTheDay(3, 2, 'See you', at(1)),
            fromTheDay(2, 1, 'Hello', old),
            fromTheDay(1, 2, 'Hi', old),
          ],
          nextBefore: null,
          otherReadId: 2,
        },
      },
      'POST /api/meet/conversations/2/read': { body: { readId: 3 } },
    });
    await renderScreen(<ChatScreen userId={2} />);
    expect(await screen.findByText('Still there?')).toBeOnTheScreen();
    // Headers in order: the older date, "Yesterday", "Today".
    expect(screen.getAllByRole('header').map((node) => node.props.children)).toEqual([
      formatDate(old, 'en'),
      'Yesterday',
      'Today',
    ]);
    expect(screen.getAllByText(formatTime(old, 'en'))).toHaveLength(2);
    expect(screen.getAllByLabelText('Photo of boris')).toHaveLength(2);
    // "Hello" was read (✓✓), "Still there?" only sent (✓).
    expect(screen.getByLabelText('Read').props.children).toBe('✓✓');
    expect(screen.getByLabelText('Sent').props.children).toBe('✓');
  });

  it('names the days in Russian', async () => {
    fakeServer({
      'GET /api/meet/conversations/2/messages': {
        body: {
          list: [{ ...message(4, 1, 'Привет'), createdAt: new Date().toISOString() }],
          nextBefore: null,
          otherReadId: 4,
        },
      },
    });
    await renderScreen(<ChatScreen userId={2} />, 'ru');
    expect(await screen.findByText('Сегодня')).toBeOnTheScreen();
    expect(screen.getByLabelText('Прочитано')).toBeOnTheScreen();
  });
});
