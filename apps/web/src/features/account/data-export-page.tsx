import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useDataExport } from './api/account-deletion.ts';
import { NS } from './i18n.ts';

/** /account/data-export/:id — the mailed link: the signed-in owner downloads the archive. */
export default function DataExportPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const archive = useDataExport(id, params.get('expires') ?? '', params.get('sig') ?? '');
  const href = useMemo(
    () =>
      archive.data
        ? URL.createObjectURL(
            new Blob([JSON.stringify(archive.data, null, 2)], { type: 'application/json' }),
          )
        : null,
    [archive.data],
  );
  if (archive.isPending) return <PageSpinner />;
  return (
    <Container maxWidth="md" sx={{ py: 4 }} data-testid="data-export-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('export.title')}
      </Typography>
      {href ? (
        <Button
          variant="contained"
          href={href}
          download="meeet-data.json"
          data-testid="export-download"
        >
          {t('export.download')}
        </Button>
      ) : (
        <Alert severity="error">{t('export.gone')}</Alert>
      )}
    </Container>
  );
}
