import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { blockListSchema, meetPaths } from '@meeet/core/api/meet';
import { useTranslation } from '../../../i18n/react.ts';
import { api } from '../../../lib/api-client.ts';
import { NS } from '../i18n.ts';

const blocksKey = ['meet', 'blocks'] as const;

async function listBlocks() {
  const result = await api.get(meetPaths.blocks, {}, blockListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

async function unblock(userId: number) {
  const path = meetPaths.block.replace(':userId', String(userId));
  const result = await api.delete(path, undefined, blockListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/** Account → the people I blocked, each with Unblock (the app's settings have the same list). */
export function BlockedPeople() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const blocks = useQuery({ queryKey: blocksKey, queryFn: listBlocks });
  const unblocking = useMutation({
    mutationFn: unblock,
    onSuccess: (list) => client.setQueryData(blocksKey, list),
  });

  if (blocks.isPending) return <Typography color="text.secondary">…</Typography>;
  if (blocks.isError) return <Alert severity="error">{blocks.error.message}</Alert>;
  return (
    <>
      {unblocking.isError && <Alert severity="error">{unblocking.error.message}</Alert>}
      {blocks.data.people.length === 0 ? (
        <Typography color="text.secondary">{t('blocked.none')}</Typography>
      ) : (
        <List aria-label={t('blocked.title')} dense>
          {blocks.data.people.map((person) => {
            const name =
              person.nickname ?? person.firstName ?? t('blocked.someone', { id: person.userId });
            return (
              <ListItem
                key={person.userId}
                secondaryAction={
                  <Button
                    size="small"
                    aria-label={t('blocked.unblock-name', { name })}
                    disabled={unblocking.isPending}
                    onClick={() => unblocking.mutate(person.userId)}
                  >
                    {t('blocked.unblock')}
                  </Button>
                }
              >
                <ListItemAvatar>
                  <Avatar src={person.avatar} alt="" />
                </ListItemAvatar>
                <ListItemText primary={name} />
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
