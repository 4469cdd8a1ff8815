import { useState } from 'react';
import { Text, View } from 'react-native';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { blockListSchema, meetPaths } from '@meeet/core/api/meet';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { displayName, peopleStore } from '../../lib/people.ts';
import { useStore } from '../../lib/store.ts';
import { Button, Card, Empty, ErrorBox, Loading, styles } from '../../components/ui.tsx';

const blocksKey = ['meet', 'blocks'] as const;

function BlockedList() {
  const { t } = useI18n();
  const people = useStore(peopleStore);
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const blocks = useQuery({
    queryKey: blocksKey,
    queryFn: () => unwrap(api.get(meetPaths.blocks, undefined, blockListSchema)),
  });

  async function unblock(userId: number) {
    setFailure(null);
    const result = await api.delete(withUser(meetPaths.block, userId), undefined, blockListSchema);
    if (!result.ok) return setFailure(result.error);
    client.setQueryData(blocksKey, result.data);
  }

  if (blocks.isPending) return <Loading />;
  if (blocks.isError)
    return <ErrorBox message={blocks.error.message} onRetry={() => void blocks.refetch()} />;
  return (
    <View accessibilityRole="list" style={{ gap: 8 }}>
      {failure ? <ErrorBox message={failure} /> : null}
      {blocks.data.list.length === 0 ? <Empty text={t('m.settings.blocked.none')} /> : null}
      {blocks.data.list.map((userId) => {
        // The list holds ids; a person seen on the map or in chat this session has a name.
        const person = people.get(userId);
        const name = person ? displayName(person) : t('m.settings.blocked.someone', { id: userId });
        return (
          <View key={userId} style={[styles.row, { justifyContent: 'space-between' }]}>
            <Text style={[styles.text, { flex: 1 }]}>{name}</Text>
            <Button
              label={t('m.settings.blocked.unblock')}
              accessibilityLabel={t('m.settings.blocked.unblock-name', { name })}
              onPress={() => void unblock(userId)}
              variant="secondary"
            />
          </View>
        );
      })}
    </View>
  );
}

/** Settings: the people I blocked, each with Unblock; loads when opened. */
export function BlockedPeople() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <Button label={t('m.settings.blocked')} onPress={() => setOpen(!open)} variant="secondary" />
      {open ? <BlockedList /> : null}
    </Card>
  );
}
