import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EarliestHolder } from '@meeet/core/api/moderators';
import { NFT_TYPE_NAMES, type NftType } from '@meeet/core/enums';
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useFormat } from '../../../lib/format.ts';
import { useAppointModerator, useModerators } from '../api/moderators.ts';
import { NS } from '../i18n.ts';

/** One holder's row: appoint them for the level, or remove them from it. */
function HolderRow({
  holder,
  level,
  rank,
}: {
  holder: EarliestHolder;
  level: NftType;
  rank: number;
}) {
  const { t } = useTranslation(NS);
  const fmt = useFormat();
  const appoint = useAppointModerator();
  const [error, setError] = useState<string | null>(null);
  const name = NFT_TYPE_NAMES[level];
  const moderating = holder.moderates.includes(level);

  const onClick = async () => {
    setError(null);
    const result = await appoint.mutateAsync({
      userId: holder.id,
      body: { level, appoint: !moderating },
    });
    if (!result.ok) setError(result.error);
  };

  return (
    <TableRow>
      <TableCell>{rank}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.control.user.getHref(holder.id)}>
          {holder.nickname ?? holder.email}
        </Link>
      </TableCell>
      <TableCell>{fmt.dateTime(holder.firstPurchaseAt)}</TableCell>
      <TableCell>
        {holder.moderates.length > 0
          ? holder.moderates.map((own) => NFT_TYPE_NAMES[own]).join(', ')
          : '—'}
      </TableCell>
      <TableCell align="right">
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          <Button
            size="small"
            variant={moderating ? 'outlined' : 'contained'}
            color={moderating ? 'warning' : 'primary'}
            disabled={appoint.isPending}
            onClick={() => void onClick()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {moderating
              ? t('moderators.remove', { level: name })
              : t('moderators.appoint', { level: name })}
          </Button>
          {error && (
            <Alert severity="error" role="alert" sx={{ py: 0 }}>
              {error}
            </Alert>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * Admins appoint moderators for levels from each level's earliest holders (spec §6): a
 * moderator's KYC queue then holds only the applications of the levels they moderate.
 */
export function ModeratorsPanel() {
  const { t } = useTranslation(NS);
  const list = useModerators(true);

  return (
    <section aria-labelledby="moderators-title">
      <Typography id="moderators-title" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('moderators.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('moderators.intro')}
      </Typography>
      {list.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('moderators.loading')}</Typography>
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{t('moderators.error')}</Alert>
      ) : (
        list.data.levels.map(({ level, holders }) => (
          <Stack key={level} spacing={1} sx={{ mb: 3 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('moderators.level', { level: NFT_TYPE_NAMES[level] })}
            </Typography>
            {holders.length === 0 ? (
              <Typography color="text.secondary">{t('moderators.none')}</Typography>
            ) : (
              <TableContainer>
                <Table
                  size="small"
                  aria-label={t('moderators.level', { level: NFT_TYPE_NAMES[level] })}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>#</TableCell>
                      <TableCell>{t('moderators.column.user')}</TableCell>
                      <TableCell>{t('moderators.column.first')}</TableCell>
                      <TableCell>{t('moderators.column.moderates')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {holders.map((holder, index) => (
                      <HolderRow key={holder.id} holder={holder} level={level} rank={index + 1} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Stack>
        ))
      )}
    </section>
  );
}
