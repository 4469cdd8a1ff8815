import { useMemo, useRef, useState } from 'react';
import MapView, { Circle, Marker, type Region } from 'react-native-maps';
import { Image, StyleSheet, Text, View, type LayoutChangeEvent } from 'react-native';
import type { MapHand } from '@meeet/core/api/realtime';
import { PUBLIC_POSITION_PRECISION_METRES } from '@meeet/core/constants';
import { PeopleClusters, zoomOfSpan, type MapPlace } from './people-clusters.ts';
import { moodColors, PLACE_COLOR, SELF_COLOR, type PeopleMapProps } from './people-map-types.ts';

type Crowd = Extract<MapPlace, { kind: 'crowd' }>;

function Person({ hand, name, photo }: { hand: MapHand; name: string; photo: string | null }) {
  const color = moodColors[hand.mood];
  // Someone with no photo yet: the server answers 404 and the initial is drawn instead.
  const [failed, setFailed] = useState(false);
  return (
    <View style={styles.person}>
      <View style={[styles.face, { borderColor: color }]}>
        {photo && !failed ? (
          <Image source={{ uri: photo }} style={styles.photo} onError={() => setFailed(true)} />
        ) : (
          <Text style={styles.initial}>{(name.trim()[0] ?? '?').toUpperCase()}</Text>
        )}
      </View>
      <Text style={styles.name} numberOfLines={1}>
        {name}
      </Text>
    </View>
  );
}

/** Near people drawn as one: their count in their mood's colour; a tap zooms in. */
function CrowdMarker({
  crowd,
  label,
  onPress,
}: {
  crowd: Crowd;
  label: string;
  onPress: () => void;
}) {
  return (
    <Marker
      coordinate={{ latitude: crowd.lat, longitude: crowd.lon }}
      accessibilityLabel={label}
      onPress={onPress}
    >
      <View style={[styles.crowd, { backgroundColor: moodColors[crowd.mood] }]}>
        <Text style={styles.count}>{crowd.count}</Text>
      </View>
    </Marker>
  );
}

/** A person: the area their public position may be in, and their photo; a tap opens them. */
function PersonMarker({
  hand,
  label,
  name,
  photo,
  onPress,
}: {
  hand: MapHand;
  label: string;
  name: string;
  photo: string | null;
  onPress: () => void;
}) {
  return (
    <>
      <Circle
        center={{ latitude: hand.lat, longitude: hand.lon }}
        radius={PUBLIC_POSITION_PRECISION_METRES}
        strokeColor={moodColors[hand.mood]}
        fillColor={`${moodColors[hand.mood]}22`}
      />
      <Marker
        coordinate={{ latitude: hand.lat, longitude: hand.lon }}
        accessibilityLabel={label}
        onPress={onPress}
      >
        <Person hand={hand} name={name} photo={photo} />
      </Marker>
    </>
  );
}

/** iOS: Apple Maps (react-native-maps, no key needed), people as photos, crowds as counts. */
export function PeopleMap(props: PeopleMapProps) {
  const { center, self, hands, texts, labelOf, nameOf, photoOf, onSelect } = props;
  const spots = props.places ?? [];
  const map = useRef<MapView>(null);
  const [width, setWidth] = useState(360);
  const [region, setRegion] = useState<Region>({
    latitude: center.lat,
    longitude: center.lon,
    latitudeDelta: 0.03,
    longitudeDelta: 0.03,
  });
  const clusters = useMemo(() => new PeopleClusters(hands), [hands]);
  const zoom = zoomOfSpan(region.longitudeDelta, width);
  const places = clusters.places(zoom);

  function zoomInto(crowdId: number, latitude: number, longitude: number) {
    const scale = 2 ** (clusters.expansionZoom(crowdId) - zoom);
    map.current?.animateToRegion({
      latitude,
      longitude,
      latitudeDelta: region.latitudeDelta / scale,
      longitudeDelta: region.longitudeDelta / scale,
    });
  }

  return (
    <MapView
      ref={map}
      style={styles.map}
      userInterfaceStyle="dark"
      showsPointsOfInterests={false}
      initialRegion={region}
      onLayout={(event: LayoutChangeEvent) => setWidth(event.nativeEvent.layout.width || 360)}
      onRegionChangeComplete={setRegion}
    >
      {self ? (
        <Marker
          coordinate={{ latitude: self.lat, longitude: self.lon }}
          title={texts.you}
          accessibilityLabel={texts.you}
        >
          <View style={styles.self} />
        </Marker>
      ) : null}
      {spots.map((spot) => (
        <Marker
          key={`spot-${spot.id}`}
          coordinate={{ latitude: spot.lat, longitude: spot.lon }}
          title={spot.name}
          accessibilityLabel={spot.label}
          pinColor={PLACE_COLOR}
        />
      ))}
      {places.map((place) =>
        place.kind === 'crowd' ? (
          <CrowdMarker
            key={`crowd-${place.id}`}
            crowd={place}
            label={texts.crowd(place.count)}
            onPress={() => zoomInto(place.id, place.lat, place.lon)}
          />
        ) : (
          <PersonMarker
            key={place.hand.userId}
            hand={place.hand}
            label={labelOf(place.hand)}
            name={nameOf(place.hand)}
            photo={photoOf(place.hand)}
            onPress={() => onSelect(place.hand.userId)}
          />
        ),
      )}
    </MapView>
  );
}

const styles = StyleSheet.create({
  map: { flex: 1, minHeight: 320, borderRadius: 12 },
  person: { alignItems: 'center', maxWidth: 96 },
  face: {
    width: 40,
    height: 40,
    borderRadius: 20,
    borderWidth: 3,
    backgroundColor: '#262a35',
    overflow: 'hidden',
    alignItems: 'center',
    justifyContent: 'center',
  },
  photo: { width: '100%', height: '100%' },
  initial: { color: '#ffffff', fontWeight: '600', fontSize: 16 },
  name: {
    marginTop: 2,
    paddingHorizontal: 6,
    borderRadius: 8,
    overflow: 'hidden',
    backgroundColor: '#0b0b0fcc',
    color: '#ffffff',
    fontSize: 11,
    fontWeight: '600',
  },
  crowd: {
    minWidth: 40,
    height: 40,
    borderRadius: 20,
    paddingHorizontal: 8,
    alignItems: 'center',
    justifyContent: 'center',
  },
  count: { color: '#0b0b0f', fontWeight: '700', fontSize: 15 },
  self: {
    width: 18,
    height: 18,
    borderRadius: 9,
    backgroundColor: SELF_COLOR,
    borderWidth: 3,
    borderColor: '#ffffff',
  },
});
