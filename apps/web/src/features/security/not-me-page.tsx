import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/react.ts';
import { logout } from '../../lib/session.ts';
import { useNotMe } from './api/not-me.ts';
import { NS } from './i18n.ts';

/**
 * "This wasn't me" from the new-device mail. Acting takes a press: mail scanners open links,
 * and opening one must not sign the owner out.
 */
export default function NotMePage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const notMe = useNotMe();

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('not-me.title')}
        </Typography>
        {notMe.isSuccess ? (
          <Alert severity="success">{t('not-me.done')}</Alert>
        ) : (
          <>
            <Typography>{t('not-me.intro')}</Typography>
            {notMe.isError && <Alert severity="error">{notMe.error.message}</Alert>}
            {!token && <Alert severity="error">{t('not-me.no-token')}</Alert>}
            <Button
              variant="contained"
              color="error"
              disabled={!token || notMe.isPending}
              onClick={() => notMe.mutate(token, { onSuccess: () => logout({ redirect: false }) })}
            >
              {t('not-me.confirm')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
