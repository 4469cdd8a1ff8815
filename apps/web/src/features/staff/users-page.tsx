import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STAFF_SEARCH_MAX } from '@meeet/core/api/staff';
import { useTranslation } from '../../i18n/react.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { isAdmin } from '../../lib/roles.ts';
import { ModeratorsPanel } from './components/moderators-panel.tsx';
import { SearchResults } from './components/search-results.tsx';
import { NS } from './i18n.ts';

/**
 * /control/users: one box for every key a person is known by (issue 46). The query lives in the
 * address, so a result list can be shared and "Back" from a user returns to it; a row opens the
 * user's page wherever it is clicked. Admins also appoint moderators here (spec §6).
 */
export default function UsersPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
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
      <SearchResults q={q} />
      {isAdmin(me.data?.role) && (
        <Box sx={{ mt: 5 }}>
          <ModeratorsPanel />
        </Box>
      )}
    </Container>
  );
}
