import { useState } from 'react';
import { Text } from 'react-native';
import { exportRequestResponseSchema } from '@meeet/core/api/account';
import { accountPaths } from '@meeet/core/api/account-paths';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Card, ErrorBox, Notice, styles } from '../../components/ui.tsx';
import { ProfilePhotoCard } from './profile-photo.tsx';

/** Settings → "Request my data": the archive is mailed as a link (GDPR art. 15, 20). */
export function DataExportCard() {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function request() {
    setState('busy');
    setFailure(null);
    const result = await api.post(accountPaths.exportRequest, {}, exportRequestResponseSchema);
    if (!result.ok) {
      setFailure(result.error);
      setState('idle');
      return;
    }
    setState('done');
  }

  return (
    <Card>
      <Text style={styles.muted}>{t('m.account.export.text')}</Text>
      {state === 'done' ? <Notice text={t('m.account.export.requested')} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button
        label={t('m.account.export')}
        variant="secondary"
        disabled={state !== 'idle'}
        onPress={() => void request()}
      />
    </Card>
  );
}

/** Settings → the account: profile photo, KYC, data export, and the way to deletion. */
export function AccountActions({
  onDeleteAccount,
  onKyc,
}: {
  onDeleteAccount?: (() => void) | undefined;
  onKyc?: (() => void) | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <ProfilePhotoCard />
      {onKyc ? <Button label={t('m.kyc.open')} onPress={onKyc} variant="secondary" /> : null}
      <DataExportCard />
      {onDeleteAccount ? (
        <Button label={t('m.account.delete')} onPress={onDeleteAccount} variant="secondary" />
      ) : null}
    </>
  );
}
