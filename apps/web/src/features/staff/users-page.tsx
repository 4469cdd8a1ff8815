import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STAFF_SEARCH_MAX } from '@meeet/core/api/staff';
import { paths } from '../../app/paths.ts';
import { useTranslation } from '../../i18n/react.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isAdmin } from '../../lib/roles.ts';
import { useUserSearch } from './api/search-users.ts';
import { ModeratorsPanel } from './components/moderators-panel.tsx';
import { NS } from './i18n.ts';

/**
 * /control/users: one box for every key a person is known by (issue 46). The query lives in the
 * address, so a result list can be shared and "Back" from a user returns to it; a row opens the
 * user's page wherever it is clicked. Admins also appoint moderators here (spec §6).
 */
export default function UsersPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const search = useUserSearch(q);
  const me = useCurrentUser();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('search.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('search.intro')}
      </Typography>
      <Stack
        component="form"
        role="search"
        onSubmit={onSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={t('search.label')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: STAFF_SEARCH_MAX } }}
          sx={{ flex: 1 }}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }}>
          {t('search.submit')}
        </Button>
      </Stack>
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
      {isAdmin(me.data?.role) && (
        <Box sx={{ mt: 5 }}>
          <ModeratorsPanel />
        </Box>
      )}
    </Container>
  );
}
