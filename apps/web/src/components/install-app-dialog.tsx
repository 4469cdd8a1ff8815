import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/react.ts';
import { STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import AppStoreBadge from './app-store-badge.tsx';

/** Offers the iOS app on phone widths; dismissing it is remembered for good. */
export default function InstallAppDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dismiss = () => {
    writeStorage(STORAGE_KEYS.installAppDialogHidden, 'true');
    onClose();
  };
  return (
    <Dialog
      open
      onClose={dismiss}
      data-testid="install-app-dialog"
      aria-labelledby="install-app-title"
    >
      <DialogTitle id="install-app-title">{t('install.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('install.text')}
        </Typography>
        <AppStoreBadge />
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss} data-testid="install-app-dismiss">
          {t('install.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
