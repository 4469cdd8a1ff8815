import { act, fireEvent, screen, waitFor, within } from '@testing-library/react-native';
import { HAND_DOWN, type MapHand } from '@meeet/core/api/realtime';
import { APP_WATCH_RADIUS_M } from '@meeet/core/rules/app-pace';
import { card, fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import * as socket from '../../../test/socket-mock.ts';
import { adsChoice } from '../ads/ads-consent.ts';
import { followHand, handState } from './hand-state.ts';
import { MapScreen } from './map-screen.tsx';
import { applyDiff } from './map-watch.ts';

jest.mock(
  '../../lib/socket.ts',
  () => jest.requireActual('../../../test/socket-mock.ts').socketModule,
);
const mockPermission = { answer: 'granted' as 'granted' | 'denied' };
jest.mock('../../lib/location', () => ({
  askForegroundPermission: async () => mockPermission.answer,
  watchFixes: async (onFix: (fix: unknown) => void) => {
    onFix({ lat: 55.7558, lon: 37.6173, accuracy: 8, at: Date.now() });
    return () => undefined;
  },
}));
// Apple Maps is native: the test draws the map's people and places as text.
jest.mock('../../components/people-map', () => {
  const { Text } = jest.requireActual('react-native');
  return {
    PeopleMap: ({
      hands,
      labelOf,
      places = [],
    }: {
      hands: MapHand[];
      labelOf: (h: MapHand) => string;
      places?: { id: number; label: string }[];
    }) => [
      ...hands.map((hand) => <Text key={hand.userId}>{`marker ${labelOf(hand)}`}</Text>),
      ...places.map((place) => <Text key={`spot-${place.id}`}>{`place ${place.label}`}</Text>),
    ],
  };
});

const boris: MapHand = {
  ...card(2, 'boris'),
  mood: 'just_chat',
  lat: 55.757,
  lon: 37.618,
  distanceM: 200,
  ring: 2,
};

describe('the map', () => {
  beforeEach(() => {
    signedIn();
    socket.reset();
    handState.set(HAND_DOWN);
    mockPermission.answer = 'granted';
    fakeServer({ 'GET /api/spots/nearby': { body: { spots: [] } } });
  });

  it('draws the meeting spots of venues nearby as places, not people', async () => {
    const calls = fakeServer({
      'GET /api/spots/nearby': {
        body: {
          spots: [
            {
              id: 7,
              name: 'Café Luna',
              category: 'cafe',
              openingHours: 'Daily 9–22',
              photoMediaId: null,
              lat: 55.756,
              lon: 37.618,
              perk: 'A free coffee for a MEEET meeting',
            },
          ],
        },
      },
    });
    socket.answerWith((event) =>
      event === 'map:watch' ? { ok: true, hands: [boris] } : { ok: true },
    );
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(
      await screen.findByText('place Meeting spot: Café Luna. A free coffee for a MEEET meeting'),
    ).toBeOnTheScreen();
    expect(await screen.findByText('marker boris, Just chat, about 200 m away')).toBeOnTheScreen();
    expect(calls.filter((call) => call.path === '/api/spots/nearby')).toHaveLength(1);
  });

  it('watches the area around the user and shows raised hands at their coarse position', async () => {
    socket.answerWith((event) =>
      event === 'map:watch' ? { ok: true, hands: [boris] } : { ok: true },
    );
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(await screen.findByText('marker boris, Just chat, about 200 m away')).toBeOnTheScreen();
    // The key says what the colours mean: a mood each, and "you".
    const key = screen.getByLabelText('Map key');
    for (const word of ['Romantic', 'Business', 'Just chat', 'You']) {
      expect(within(key).getByText(word)).toBeOnTheScreen();
    }
    expect(socket.emitted[0]).toEqual({
      event: 'map:watch',
      payload: { lat: 55.7558, lon: 37.6173, radiusM: APP_WATCH_RADIUS_M },
    });
  });

  it('says when nobody nearby has a hand up', async () => {
    socket.answerWith(() => ({ ok: true, hands: [] }));
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(await screen.findByText('Nobody nearby has raised a hand yet')).toBeOnTheScreen();
  });

  it('shows a refusal in Russian and explains a denied location', async () => {
    socket.answerWith((event) =>
      event === 'hand:raise'
        ? {
            ok: false,
            code: 'CONDITIONS_NOT_MET',
            message: 'Подтвердите e-mail и заполните профиль, чтобы поднять руку',
          }
        : { ok: true, hands: [] },
    );
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />, 'ru');
    await fireEvent.press(await screen.findByRole('button', { name: 'Поднять руку' }));
    expect(
      await screen.findByText('Подтвердите e-mail и заполните профиль, чтобы поднять руку'),
    ).toBeOnTheScreen();
  });

  it('tells the user how to allow location when it is denied', async () => {
    mockPermission.answer = 'denied';
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(await screen.findByText(/needs your location to show people nearby/)).toBeOnTheScreen();
  });

  it('raises a hand with the chosen mood, then sends the position; diffs update the map', async () => {
    socket.answerWith((event, payload) => {
      if (event === 'hand:raise') {
        const { mood } = payload as { mood: string };
        return {
          ok: true,
          hand: { raised: true, mood, ghost: false, expiresAt: Date.now() + 1000 },
        };
      }
      return { ok: true, hands: [] };
    });
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    await fireEvent.press(await screen.findByRole('radio', { name: 'Business' }));
    await fireEvent.press(screen.getByRole('button', { name: 'Raise a hand' }));
    expect(await screen.findByText('Your hand is up: Business')).toBeOnTheScreen();
    expect(socket.emitted.map((e) => e.event)).toEqual(['map:watch', 'hand:raise', 'position']);

    await screen.findByText('Nobody nearby has raised a hand yet');
    await socket.push('map:diff', { upsert: [boris], left: [] });
    expect(await screen.findByText('marker boris, Just chat, about 200 m away')).toBeOnTheScreen();
    await socket.push('map:diff', { upsert: [], left: [2] });
    await screen.findByText('Nobody nearby has raised a hand yet');
  });

  it('asks for an ad again once the server has placed the raised hand (ads nearby)', async () => {
    adsChoice.set('general');
    const calls = fakeServer({
      'GET /api/spots/nearby': { body: { spots: [] } },
      'GET /api/ads': { body: { ad: null, reason: 'none' } },
    });
    const adRequests = () => calls.filter((call) => call.path === '/api/ads').length;
    socket.answerWith((event) =>
      event === 'hand:raise'
        ? {
            ok: true,
            hand: { raised: true, mood: 'just_chat', ghost: false, expiresAt: Date.now() + 1000 },
          }
        : { ok: true, hands: [] },
    );
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    await screen.findByText('Nobody nearby has raised a hand yet');
    await waitFor(() => expect(adRequests()).toBe(1));
    await fireEvent.press(screen.getByRole('button', { name: 'Raise a hand' }));
    await waitFor(() => expect(adRequests()).toBe(2));
    expect(socket.emitted.map((e) => e.event)).toContain('position');
  });

  it('filters by mood: watching again with the chosen moods', async () => {
    socket.answerWith(() => ({ ok: true, hands: [] }));
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    await screen.findByText('Nobody nearby has raised a hand yet');
    await fireEvent.press(screen.getByRole('checkbox', { name: 'Romantic' }));
    await screen.findByText('Nobody nearby has raised a hand yet');
    expect(socket.emitted.at(-1)?.payload).toMatchObject({ moods: ['romantic'] });
  });
});

describe('the hand as the server tells it', () => {
  const up = { raised: true, mood: 'business', ghost: false, expiresAt: Date.now() + 60_000 };
  let stop: () => void;
  beforeEach(() => {
    signedIn();
    socket.reset();
    mockPermission.answer = 'granted';
    socket.answerWith(() => ({ ok: true, hands: [] }));
    stop = followHand();
  });
  afterEach(() => act(() => stop()));

  it('restores a hand still up after the app starts again, and sends the position again', async () => {
    // The socket connects (and says how the hand stands) before the map is opened.
    await socket.push('hand:state', up);
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(await screen.findByText('Your hand is up: Business')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Lower the hand' })).toBeOnTheScreen();
    await screen.findByText('Nobody nearby has raised a hand yet');
    expect(socket.emitted.map((e) => e.event)).toContain('position');
  });

  it('follows changes made on another device: ghost, then lowered', async () => {
    await renderScreen(<MapScreen onOpenPerson={() => undefined} />);
    expect(await screen.findByText(/Raise a hand to appear on the map/)).toBeOnTheScreen();
    await socket.push('hand:state', { ...up, ghost: true });
    expect(await screen.findByText('Your hand is up: Business')).toBeOnTheScreen();
    expect(screen.getByText('Ghost mode: nobody sees you on the map')).toBeOnTheScreen();
    await socket.push('hand:state', HAND_DOWN);
    expect(await screen.findByText(/Raise a hand to appear on the map/)).toBeOnTheScreen();
  });
});

describe('map diffs', () => {
  it('keep the server order by ring of cells, never by exact distance', () => {
    const near = { ...boris, userId: 3, ring: 1 };
    expect(applyDiff([boris], { upsert: [near], left: [] }).map((h) => h.userId)).toEqual([3, 2]);
    expect(applyDiff([boris, near], { upsert: [], left: [2] }).map((h) => h.userId)).toEqual([3]);
  });
});
