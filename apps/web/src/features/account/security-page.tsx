import Alert from '@mui/material/Alert';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useTranslation } from '../../i18n/react.ts';
import { useFactorStatus } from './api/factors.ts';
import { PasskeysSection } from './components/passkeys-section.tsx';
import { TotpSection } from './components/totp-section.tsx';
import { NS } from './i18n.ts';

/** /account/security: second factors (issue 45): the authenticator app and passkeys. */
export default function SecurityPage() {
  const { t } = useTranslation(NS);
  const status = useFactorStatus();
  if (status.isPending) return <PageSpinner />;
  if (!status.data) return <Alert severity="error">{t('data.load-error')}</Alert>;
  return (
    <div data-testid="security-page">
      <TotpSection status={status.data} />
      <PasskeysSection status={status.data} />
    </div>
  );
}
