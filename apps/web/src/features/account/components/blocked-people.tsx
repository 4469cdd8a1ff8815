import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
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
      {blocks.data.list.length === 0 ? (
        <Typography color="text.secondary">{t('blocked.none')}</Typography>
      ) : (
        <List aria-label={t('blocked.title')} dense>
          {blocks.data.list.map((userId) => {
            const name = t('blocked.someone', { id: userId });
            return (
              <ListItem
                key={userId}
                secondaryAction={
                  <Button
                    size="small"
                    aria-label={t('blocked.unblock-name', { name })}
                    disabled={unblocking.isPending}
                    onClick={() => unblocking.mutate(userId)}
                  >
                    {t('blocked.unblock')}
                  </Button>
                }
              >
                <ListItemText primary={name} />
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
