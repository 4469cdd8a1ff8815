import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function RegisterPage() {
  // /ref/:promocode lands here with ?promocode=…; shown so the hand-over is visible until the form exists.
  const [params] = useSearchParams();
  const promocode = params.get('promocode');
  return (
    <PagePlaceholder titleKey="page.auth.register">
      {promocode && (
        <Typography data-testid="register-promocode" sx={{ mb: 1 }}>
          {promocode}
        </Typography>
      )}
    </PagePlaceholder>
  );
}
