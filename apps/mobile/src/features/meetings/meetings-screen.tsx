import { useI18n } from '../../lib/i18n.ts';
import { Empty, Screen } from '../../components/ui.tsx';

export function MeetingsScreen() {
  const { t } = useI18n();
  return (
    <Screen title={t('m.meetings.title')}>
      <Empty text={t('m.meetings.empty')} />
    </Screen>
  );
}
