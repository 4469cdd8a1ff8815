import MapView, { Circle, Marker } from 'react-native-maps';
import { StyleSheet } from 'react-native';
import { PUBLIC_POSITION_PRECISION_METRES } from '@meeet/core/constants';
import { moodColors, type PeopleMapProps } from './people-map-types.ts';

/** iOS: Apple Maps (react-native-maps, no key needed). */
export function PeopleMap({ center, self, hands, selfLabel, labelOf, onSelect }: PeopleMapProps) {
  return (
    <MapView
      style={styles.map}
      userInterfaceStyle="dark"
      showsPointsOfInterests={false}
      initialRegion={{
        latitude: center.lat,
        longitude: center.lon,
        latitudeDelta: 0.03,
        longitudeDelta: 0.03,
      }}
    >
      {self ? (
        <Marker
          coordinate={{ latitude: self.lat, longitude: self.lon }}
          title={selfLabel}
          pinColor="#ffffff"
        />
      ) : null}
      {hands.map((hand) => (
        <Circle
          key={`area-${hand.userId}`}
          center={{ latitude: hand.lat, longitude: hand.lon }}
          radius={PUBLIC_POSITION_PRECISION_METRES}
          strokeColor={moodColors[hand.mood]}
          fillColor={`${moodColors[hand.mood]}33`}
        />
      ))}
      {hands.map((hand) => (
        <Marker
          key={hand.userId}
          coordinate={{ latitude: hand.lat, longitude: hand.lon }}
          title={labelOf(hand)}
          pinColor={moodColors[hand.mood]}
          onCalloutPress={() => onSelect(hand.userId)}
          onPress={() => onSelect(hand.userId)}
        />
      ))}
    </MapView>
  );
}

const styles = StyleSheet.create({ map: { flex: 1, minHeight: 320, borderRadius: 12 } });
