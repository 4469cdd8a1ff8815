import { useCallback, useMemo } from 'react';
import { Pressable, Text, View } from 'react-native';
import type { MapHand } from '@meeet/core/api/realtime';
import type { Spot } from '@meeet/core/api/business';
import { useI18n } from '../../lib/i18n.ts';
import type { Fix } from '../../lib/location';
import { displayName, handLabel } from '../../lib/people.ts';
import { apiOrigin } from '../../lib/config.ts';
import { PeopleMap } from '../../components/people-map';
import type { PeopleMapProps } from '../../components/people-map-types.ts';
import { MapLegend } from '../../components/map-legend.tsx';
import { Loading, styles } from '../../components/ui.tsx';
import { spotLabel, useSpotPlaces } from './spots-layer.ts';

/** A person's photo on the map, from the server that serves it (relative on the web build). */
function photoOf(hand: MapHand): string | null {
  return hand.avatar ? `${apiOrigin()}${hand.avatar}` : null;
}

interface NearbyMapProps {
  /** The phone's own fix; null while locating. */
  self: Fix | null;
  /** The watched area's centre (spots are fetched around it). */
  centre: { lat: number; lon: number } | null;
  hands: readonly MapHand[];
  onOpenPerson: (userId: number) => void;
}

/** The sentence a screen reader says for a person (name, mood, distance). */
function useHandLabel(): (hand: MapHand) => string {
  const { t } = useI18n();
  return useCallback((h: MapHand) => handLabel(t, h), [t]);
}

/** The map of the area (people, "you", spots) with its key; "locating" until the first fix. */
export function NearbyMap({ self, centre, hands, onOpenPerson }: NearbyMapProps) {
  const { t } = useI18n();
  const labelOf = useHandLabel();
  const texts = useMemo(
    () => ({
      map: t('m.map.region'),
      you: t('m.map.you'),
      crowd: (count: number) => t('m.map.crowd', { count }),
      offline: t('m.map.offline'),
    }),
    [t],
  );
  const spotLabelOf = useCallback((spot: Spot) => spotLabel(t, spot), [t]);
  const places = useSpotPlaces(centre, spotLabelOf);
  const selfPoint = useMemo(() => (self ? { lat: self.lat, lon: self.lon } : null), [self]);

  if (!self) return <Loading label={t('m.map.locating')} />;
  // How people are drawn and named, apart from where they are.
  const people: Pick<PeopleMapProps, 'texts' | 'labelOf' | 'nameOf' | 'photoOf'> = {
    texts,
    labelOf,
    nameOf: displayName,
    photoOf,
  };
  return (
    <>
      <View style={{ height: 360 }}>
        <PeopleMap
          center={centre ?? self}
          self={selfPoint}
          hands={hands}
          places={places}
          onSelect={onOpenPerson}
          {...people}
        />
      </View>
      <MapLegend />
    </>
  );
}

/** The same people as buttons a screen reader can walk, nearest rings first. */
export function PeopleList({
  hands,
  onOpenPerson,
}: Pick<NearbyMapProps, 'hands' | 'onOpenPerson'>) {
  const { t } = useI18n();
  const labelOf = useHandLabel();
  if (hands.length === 0) return null;
  return (
    <View accessibilityRole="list" accessibilityLabel={t('m.map.people-list')} style={{ gap: 8 }}>
      {hands.map((h) => (
        <Pressable
          key={h.userId}
          accessibilityRole="button"
          accessibilityLabel={labelOf(h)}
          onPress={() => onOpenPerson(h.userId)}
          style={personStyle}
        >
          <Text style={styles.text}>{labelOf(h)}</Text>
        </Pressable>
      ))}
    </View>
  );
}

const personStyle = { backgroundColor: '#1b1d24', borderRadius: 10, padding: 12 } as const;
