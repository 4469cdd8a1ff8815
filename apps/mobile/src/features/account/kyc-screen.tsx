import { useState } from 'react';
import { Text } from 'react-native';
import { useQuery } from '@tanstack/react-query';
import { kycStateSchema } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import type { KycImageKind } from '@meeet/core/api/media-paths';
import { MediaAlbum } from '@meeet/core/enums';
import type { MessageKey } from '@meeet/core/i18n/messages';
import { canEditKycPhotos } from '@meeet/core/rules/kyc-status';
import { api, unwrap } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Card, ErrorBox, Loading, Notice, Screen, styles } from '../../components/ui.tsx';
import { pickImage, shrinkImage, uploadImage } from './profile-photo.tsx';

/**
 * KYC in the app (issue 43): the document and the selfie taken with the camera and sent to the
 * same review as the web's steps (media album `kyc`, then POST /kyc/submit).
 */
export function KycScreen() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const state = useQuery({
    queryKey: ['kyc', 'state'],
    queryFn: () => unwrap(api.get(kycPaths.state, undefined, kycStateSchema)),
  });

  async function run(work: () => Promise<{ ok: boolean; error?: string }>) {
    setBusy(true);
    setFailure(null);
    const result = await work();
    setBusy(false);
    if (!result.ok) setFailure(result.error ?? t('m.common.error'));
    else await state.refetch();
  }

  async function capture(kind: KycImageKind) {
    setDenied(false);
    const picked = await pickImage('camera', kind === 'selfie' ? 'front' : 'back');
    if (picked === 'denied') return setDenied(true);
    if (!picked) return;
    await run(async () => uploadImage(await shrinkImage(picked), { album: MediaAlbum.KYC, kind }));
  }

  if (state.isPending) return <Loading />;
  if (state.isError) {
    return <ErrorBox message={state.error.message} onRetry={() => void state.refetch()} />;
  }
  const kyc = state.data;
  const editable = canEditKycPhotos(kyc.status);
  return (
    <Screen title={t('m.kyc.title')}>
      <Text style={styles.muted}>{t('m.kyc.text')}</Text>
      <Notice text={t('m.kyc.status', { status: t(`kyc.status.${kyc.status}` as MessageKey) })} />
      {kyc.moderatorComment ? <Text style={styles.text}>{kyc.moderatorComment}</Text> : null}
      <Card>
        {kyc.document ? <Text style={styles.text}>{t('m.kyc.document.done')}</Text> : null}
        {kyc.selfie ? <Text style={styles.text}>{t('m.kyc.selfie.done')}</Text> : null}
        {editable ? (
          <>
            <Button
              label={t(kyc.document ? 'm.kyc.document.again' : 'm.kyc.document')}
              variant="secondary"
              disabled={busy}
              onPress={() => void capture('document')}
            />
            <Button
              label={t(kyc.selfie ? 'm.kyc.selfie.again' : 'm.kyc.selfie')}
              variant="secondary"
              disabled={busy}
              onPress={() => void capture('selfie')}
            />
          </>
        ) : (
          <Text style={styles.muted}>{t('m.kyc.locked')}</Text>
        )}
      </Card>
      {denied ? <Notice tone="warning" text={t('m.photo.denied')} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      {editable ? (
        <Button
          label={t('m.kyc.submit')}
          disabled={busy || !kyc.document || !kyc.selfie}
          onPress={() => void run(() => api.post(kycPaths.submit, {}, kycStateSchema))}
        />
      ) : null}
    </Screen>
  );
}
