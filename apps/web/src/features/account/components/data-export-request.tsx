import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/react.ts';
import { useRequestExport } from '../api/account-deletion.ts';
import { NS } from '../i18n.ts';

/** Account → "Request my data": the archive is mailed as a link (the app's settings too). */
export function DataExportRequest() {
  const { t } = useTranslation(NS);
  const request = useRequestExport();
  const result = request.data;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('export.text')}</Typography>
      {result?.ok && (
        <Alert severity="success" role="status" data-testid="export-requested">
          {t('export.requested')}
        </Alert>
      )}
      {result && !result.ok && <Alert severity="error">{result.error}</Alert>}
      <Button
        variant="outlined"
        disabled={request.isPending || result?.ok === true}
        onClick={() => request.mutate()}
        data-testid="export-request"
      >
        {t('export.request')}
      </Button>
    </Stack>
  );
}
