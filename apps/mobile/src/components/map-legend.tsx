import { Text, View } from 'react-native';
import type { Mood } from '@meeet/core/api/meet';
import { useI18n } from '../lib/i18n.ts';
import { moodText } from '../lib/people.ts';
import { moodColors, SELF_COLOR } from './people-map-types.ts';

const MOODS: readonly Mood[] = ['romantic', 'business', 'just_chat'];

function Key({ color, label }: { color: string; label: string }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', gap: 6 }}>
      <View style={{ width: 12, height: 12, borderRadius: 6, backgroundColor: color }} />
      <Text style={{ color: '#d7dae3', fontSize: 12 }}>{label}</Text>
    </View>
  );
}

/** What the map's colours mean: a mood each, and the user's own dot. */
export function MapLegend() {
  const { t } = useI18n();
  return (
    <View
      accessibilityRole="summary"
      accessibilityLabel={t('m.map.legend')}
      style={{ flexDirection: 'row', flexWrap: 'wrap', gap: 12, paddingVertical: 6 }}
    >
      {MOODS.map((mood) => (
        <Key key={mood} color={moodColors[mood]} label={moodText(t, mood)} />
      ))}
      <Key color={SELF_COLOR} label={t('m.map.legend-you')} />
    </View>
  );
}
