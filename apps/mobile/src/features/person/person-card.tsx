import { Image, Text, View } from 'react-native';
import { displayName, distanceText, moodText, type KnownPerson } from '../../lib/people.ts';
import { nftTypeName } from '@meeet/core/enums';
import { apiOrigin } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Card, styles } from '../../components/ui.tsx';

/** What the app shows of a person: photo, name, mood, checkmark, distance and levels. */
export function PersonCard({ person }: { person: KnownPerson }) {
  const { t } = useI18n();
  const levels = person.levels.map((level) => nftTypeName(level)).join(', ');
  return (
    <Card>
      <View style={styles.row}>
        <Image
          source={{ uri: `${apiOrigin()}${person.avatar}` }}
          accessibilityIgnoresInvertColors
          style={{ width: 72, height: 72, borderRadius: 36, backgroundColor: '#262935' }}
        />
        <View style={{ gap: 4, flex: 1 }}>
          <Text
            accessibilityRole="header"
            style={[styles.text, { fontSize: 20, fontWeight: '700' }]}
          >
            {displayName(person)}
            {person.verified ? ' ✓' : ''}
          </Text>
          {person.firstName && person.nickname ? (
            <Text style={styles.muted}>{person.firstName}</Text>
          ) : null}
          {person.verified ? <Text style={styles.muted}>{t('m.person.verified')}</Text> : null}
          {person.mood ? <Text style={styles.text}>{moodText(t, person.mood)}</Text> : null}
          {person.distanceM !== undefined ? (
            <Text style={styles.muted}>{distanceText(t, person.distanceM)}</Text>
          ) : null}
        </View>
      </View>
      <Text style={styles.text}>
        {levels ? t('m.person.levels', { levels }) : t('m.person.no-levels')}
      </Text>
    </Card>
  );
}
