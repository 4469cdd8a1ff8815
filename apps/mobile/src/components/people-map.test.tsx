import { fireEvent, render, screen } from '@testing-library/react-native';
import type { MapHand } from '@meeet/core/api/realtime';
import { PeopleMap } from './people-map.tsx';

// Apple Maps is native: its views are drawn as plain views carrying their props, so the test
// reads the markers (labels, names, counts) the component puts on the map.
jest.mock('react-native-maps', () => {
  const { forwardRef } = jest.requireActual('react');
  const { Pressable, View } = jest.requireActual('react-native');
  const MapView = forwardRef(({ children }: { children: unknown }, _ref: unknown) => (
    <View>{children}</View>
  ));
  const Marker = ({
    children,
    accessibilityLabel,
    onPress,
  }: {
    children: unknown;
    accessibilityLabel: string;
    onPress?: () => void;
  }) => (
    <Pressable accessibilityRole="button" accessibilityLabel={accessibilityLabel} onPress={onPress}>
      {children}
    </Pressable>
  );
  return { __esModule: true, default: MapView, Marker, Circle: () => null };
});

function hand(userId: number, nickname: string, lat: number, lon: number): MapHand {
  return {
    userId,
    nickname,
    firstName: null,
    avatar: `/api/media/avatar/${userId}/small`,
    verified: false,
    levels: [],
    mood: 'business',
    lat,
    lon,
    distanceM: 300,
    ring: 2,
  };
}

const texts = {
  map: 'Map of people nearby',
  you: 'You are here',
  crowd: (count: number) => `${count} people here, zoom in`,
  offline: 'offline',
};

async function draw(hands: MapHand[], onSelect = jest.fn()) {
  await render(
    <PeopleMap
      center={{ lat: 55.7558, lon: 37.6173 }}
      self={{ lat: 55.7558, lon: 37.6173 }}
      hands={hands}
      texts={texts}
      labelOf={(h) => `${h.nickname}, Business, about 300 m away`}
      nameOf={(h) => h.nickname ?? ''}
      photoOf={(h) => `https://meeet.example${h.avatar}`}
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

describe('the map on iOS', () => {
  it('draws a person with their name under their photo and opens their card when pressed', async () => {
    const onSelect = await draw([hand(7, 'boris', 55.757, 37.618)]);
    const marker = screen.getByRole('button', { name: 'boris, Business, about 300 m away' });
    expect(screen.getByText('boris')).toBeOnTheScreen();
    await fireEvent.press(marker);
    expect(onSelect).toHaveBeenCalledWith(7);
  });

  it('marks the user as "you"', async () => {
    await draw([]);
    expect(screen.getByRole('button', { name: 'You are here' })).toBeOnTheScreen();
  });

  it('draws people standing together as one crowd with their number', async () => {
    const together = [0, 1, 2, 3].map((n) =>
      hand(10 + n, `p${n}`, 55.7558 + n * 0.00005, 37.6173 + n * 0.00005),
    );
    await draw(together);
    expect(screen.getByRole('button', { name: '4 people here, zoom in' })).toBeOnTheScreen();
    expect(screen.getByText('4')).toBeOnTheScreen();
    expect(screen.queryByText('p0')).toBeNull();
  });
});
