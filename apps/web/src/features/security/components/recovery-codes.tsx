import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../../components/copy-button.tsx';
import { useTranslation } from '../../../i18n/react.ts';
import { NS } from '../i18n.ts';

/** Recovery codes, shown once after they are made; "Done" hides them for good. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="recovery-codes">
      <Typography sx={{ mb: 1 }}>{t('factors.recovery-once')}</Typography>
      <Box
        component="ul"
        sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', p: 0, m: 0, mb: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <CopyButton
        text={codes.join('\n')}
        label={t('factors.copy')}
        copiedLabel={t('factors.copied')}
      />
      <Button onClick={onDone} sx={{ ml: 1 }} data-testid="recovery-codes-done">
        {t('factors.recovery-saved')}
      </Button>
    </Alert>
  );
}
