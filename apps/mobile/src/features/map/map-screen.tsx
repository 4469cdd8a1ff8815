import { useState } from 'react';
import { Text, View } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { moodText } from '../../lib/people.ts';
import { socketState } from '../../lib/socket.ts';
import { useStore } from '../../lib/store.ts';
import { HouseAd } from '../ads/house-ad.tsx';
import { NearbyMap, PeopleList } from './nearby-map.tsx';
import { HandControls, MOODS } from './hand-controls.tsx';
import { useMapWatch } from './map-watch.ts';
import { useOwnPosition } from './own-position.ts';
import { Chip, Empty, ErrorBox, Loading, Notice, Screen, styles } from '../../components/ui.tsx';

export function MapScreen({ onOpenPerson }: { onOpenPerson: (userId: number) => void }) {
  const { t } = useI18n();
  const { connected } = useStore(socketState);
  const [failure, setFailure] = useState<string | null>(null);
  const { permission, self, centre, onRaised, placedAt } = useOwnPosition(connected, setFailure);
  const { hands, watch, filter, toggleFilter } = useMapWatch(centre, connected, setFailure);

  if (permission === 'denied') {
    return (
      <Screen title={t('m.map.title')}>
        <ErrorBox message={t('m.map.location-denied')} />
      </Screen>
    );
  }

  return (
    <Screen title={t('m.map.title')}>
      {!connected ? <Notice text={t('m.common.offline')} /> : null}
      <HandControls onRaised={onRaised} onFailure={setFailure} />
      {failure ? <ErrorBox message={failure} /> : null}
      <Text style={styles.label}>{t('m.map.filter')}</Text>
      <View style={styles.row}>
        {MOODS.map((value) => (
          <Chip
            key={value}
            label={moodText(t, value)}
            selected={filter.includes(value)}
            onPress={() => toggleFilter(value)}
          />
        ))}
      </View>
      <NearbyMap self={self} centre={centre} hands={hands} onOpenPerson={onOpenPerson} />
      {self && watch === 'loading' ? <Loading /> : null}
      {watch === 'ready' && hands.length === 0 ? <Empty text={t('m.map.empty')} /> : null}
      <PeopleList hands={hands} onOpenPerson={onOpenPerson} />
      <HouseAd placedAt={placedAt} />
    </Screen>
  );
}
