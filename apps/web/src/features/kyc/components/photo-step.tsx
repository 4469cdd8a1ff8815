import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from '../../../i18n/react.ts';
import type { MediaItem } from '@meeet/core/api/media';
import { mediaPaths, type KycImageKind } from '@meeet/core/api/media-paths';
import { ProtectedImage } from '../../../components/media/protected-image.tsx';
import { useUploadKycPhoto } from '../api/upload-kyc-photo.ts';
import { NS } from '../i18n.ts';

/**
 * One photo of the verification: the camera on a phone (`capture`: the back camera for the
 * document, the front one for the selfie) or a file elsewhere, and the stored photo's preview.
 */
export function PhotoStep({
  kind,
  media,
  editable,
}: {
  kind: KycImageKind;
  media: MediaItem | null;
  editable: boolean;
}) {
  const { t } = useTranslation([NS, 'core']);
  const upload = useUploadKycPhoto();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const result = await upload.mutateAsync({ kind, file });
    if (!result.ok) setError(result.error !== 'ERROR' ? result.error : t('error.generic'));
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid={`kyc-${kind}-step`}>
      <Typography color="text.secondary">{t(`${kind}.hint`)}</Typography>
      {media && (
        <ProtectedImage
          path={mediaPaths.kyc(media.id, 'medium')}
          alt={t(`photo.${kind}-alt`)}
          testId={`kyc-${kind}-preview`}
          sx={{ width: 240, maxWidth: '100%', height: 180, borderRadius: 2 }}
        />
      )}
      {editable && (
        <Button
          component="label"
          htmlFor={inputId}
          variant={media ? 'outlined' : 'contained'}
          startIcon={<PhotoCameraIcon />}
          disabled={upload.isPending}
        >
          {upload.isPending ? t('photo.uploading') : t(media ? 'photo.replace' : 'photo.take')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture={kind === 'selfie' ? 'user' : 'environment'}
            hidden
            aria-label={t(`step.${kind}`)}
            data-testid={`kyc-${kind}-input`}
            onChange={(event) => void onFile(event)}
          />
        </Button>
      )}
      {error && (
        <Alert severity="error" data-testid={`kyc-${kind}-error`}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
