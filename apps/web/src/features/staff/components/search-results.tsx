import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
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
import { paths } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/react.ts';
import { useUserSearch } from '../api/search-users.ts';
import { NS } from '../i18n.ts';

/**
 * The people a staff search for `q` found, a row each (the whole row opens the user's page and
 * remembers `q` for "Back"); a hint before any search, a note when nothing matched.
 */
export function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const search = useUserSearch(q);
  return (
    <>
      {!q ? (
        <Typography color="text.secondary">{t('search.hint')}</Typography>
      ) : search.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('search.loading')}</Typography>
        </Stack>
      ) : search.isError ? (
        <Alert severity="error">{t('search.error')}</Alert>
      ) : search.data.list.length === 0 ? (
        <Typography role="status">{t('search.empty', { q })}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('search.results')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('search.column.uid')}</TableCell>
                <TableCell>{t('search.column.email')}</TableCell>
                <TableCell>{t('search.column.nickname')}</TableCell>
                <TableCell>{t('search.column.name')}</TableCell>
                <TableCell>{t('search.column.role')}</TableCell>
                <TableCell>{t('search.column.match')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {search.data.list.map((user) => (
                <TableRow
                  key={user.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() =>
                    void navigate(paths.control.user.getHref(user.id), { state: { q } })
                  }
                >
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={paths.control.user.getHref(user.id)}
                      state={{ q }}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {user.id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{user.nickname ?? '—'}</TableCell>
                  <TableCell>
                    {[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      <span>{t(`role.${user.role}`)}</span>
                      {user.banned && <Chip size="small" color="error" label={t('banned')} />}
                    </Stack>
                  </TableCell>
                  <TableCell>{t(`match.${user.match}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
