import { Pressable } from 'react-native';
import type { MobileMessageKey } from '@meeet/core/i18n/mobile-messages';
import { useI18n } from '../../lib/i18n.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { Notice } from '../../components/ui.tsx';

/** A word about the account to show once the app opens (a sign-in cancelled a deletion). */
export const accountNoticeStore = createStore<MobileMessageKey | null>(null);

/** The pending account notice, tapped away. */
export function AccountNotice() {
  const { t } = useI18n();
  const notice = useStore(accountNoticeStore);
  if (!notice) return null;
  return (
    <Pressable
      onPress={() => accountNoticeStore.set(null)}
      style={{ position: 'absolute', top: 56, left: 16, right: 16 }}
    >
      <Notice text={t(notice)} />
    </Pressable>
  );
}
