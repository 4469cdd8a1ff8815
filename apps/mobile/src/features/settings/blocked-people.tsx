import { useState } from 'react';
import { Image, Text, View } from 'react-native';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { blockListSchema, meetPaths } from '@meeet/core/api/meet';
import { api, unwrap } from '../../lib/api.ts';
import { apiOrigin } from '../../lib/config.ts';
import { useI18n } from '../../lib/i18n.ts';
import { withUser } from '../../lib/paths.ts';
import { Button, Card, Empty, ErrorBox, Loading, styles } from '../../components/ui.tsx';

const blocksKey = ['meet', 'blocks'] as const;

function BlockedList() {
  const { t } = useI18n();
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
      {blocks.data.people.length === 0 ? <Empty text={t('m.settings.blocked.none')} /> : null}
      {blocks.data.people.map((person) => {
        const name =
          person.nickname ??
          person.firstName ??
          t('m.settings.blocked.someone', { id: person.userId });
        return (
          <View key={person.userId} style={[styles.row, { justifyContent: 'space-between' }]}>
            <Image
              source={{ uri: `${apiOrigin()}${person.avatar}` }}
              accessibilityIgnoresInvertColors
              style={{ width: 32, height: 32, borderRadius: 16, backgroundColor: '#262935' }}
            />
            <Text style={[styles.text, { flex: 1 }]}>{name}</Text>
            <Button
              label={t('m.settings.blocked.unblock')}
              accessibilityLabel={t('m.settings.blocked.unblock-name', { name })}
              onPress={() => void unblock(person.userId)}
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
