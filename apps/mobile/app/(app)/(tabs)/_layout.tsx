import { Tabs } from 'expo-router';
import { Text, type ColorValue } from 'react-native';
import { useI18n } from '../../../src/lib/i18n.ts';
import { colors } from '../../../src/components/ui.tsx';

const icon = (glyph: string) =>
  function TabIcon({ color }: { color: ColorValue }) {
    return <Text style={{ color, fontSize: 18 }}>{glyph}</Text>;
  };

export default function TabsLayout() {
  const { t } = useI18n();
  return (
    <Tabs
      screenOptions={{
        headerShown: false,
        tabBarStyle: { backgroundColor: colors.surface, borderTopColor: colors.surfaceHigh },
        tabBarActiveTintColor: colors.text,
        tabBarInactiveTintColor: colors.muted,
        sceneStyle: { backgroundColor: colors.background },
      }}
    >
      <Tabs.Screen name="index" options={{ title: t('m.tabs.map'), tabBarIcon: icon('◎') }} />
      <Tabs.Screen name="chats" options={{ title: t('m.tabs.chats'), tabBarIcon: icon('✉') }} />
      <Tabs.Screen
        name="meetings"
        options={{ title: t('m.tabs.meetings'), tabBarIcon: icon('⚭') }}
      />
      <Tabs.Screen name="wallet" options={{ title: t('m.tabs.wallet'), tabBarIcon: icon('◈') }} />
      <Tabs.Screen
        name="settings"
        options={{ title: t('m.tabs.settings'), tabBarIcon: icon('⚙') }}
      />
    </Tabs>
  );
}
