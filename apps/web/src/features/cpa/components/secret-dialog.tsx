import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';
import { CopyButton } from '../../../components/copy-button.tsx';

/** The postback secret of a new link (or a renewed one): shown this once, with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open onClose={onClose} aria-labelledby="cpa-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="cpa-secret-title">{t('links.secret-title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('links.secret-text')}
        </Alert>
        <Box
          component="code"
          data-testid="cpa-secret"
          sx={{ display: 'block', p: 1.5, mb: 1, bgcolor: 'action.hover', wordBreak: 'break-all' }}
        >
          {secret}
        </Box>
        <CopyButton text={secret} label={t('links.copy')} copiedLabel={t('links.copied')} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('links.secret-done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
