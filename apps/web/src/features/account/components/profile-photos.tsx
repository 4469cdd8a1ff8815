import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import StarIcon from '@mui/icons-material/StarOutline';
import { useTranslation } from '../../../i18n/react.ts';
import { buildUrl } from '../../../lib/api-client.ts';
import type { MediaItem } from '@meeet/core/api/media';
import { mediaPaths } from '@meeet/core/api/media-paths';
import {
  useDeleteProfilePhoto,
  useProfilePhotos,
  useSetAvatar,
  useUploadProfilePhotos,
} from '../api/profile-photos.ts';
import { NS } from '../i18n.ts';

/** Account → Personal data: profile photos (public), one of them the avatar. */
export function ProfilePhotos() {
  const { t } = useTranslation([NS, 'core']);
  const photos = useProfilePhotos();
  const upload = useUploadProfilePhotos();
  const remove = useDeleteProfilePhoto();
  const setAvatar = useSetAvatar();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const report = (result: { ok: boolean; error?: string }) => {
    if (!result.ok)
      setError(result.error && result.error !== 'ERROR' ? result.error : t('photos.error'));
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    report(await upload.mutateAsync(files));
  };

  const list = photos.data ?? [];
  const busy = upload.isPending || remove.isPending || setAvatar.isPending;

  return (
    <Stack spacing={2} data-testid="profile-photos">
      <Typography color="text.secondary">{t('photos.hint')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {list.map((photo) => (
          <PhotoTile
            key={photo.id}
            photo={photo}
            busy={busy}
            onMakeAvatar={() => void setAvatar.mutateAsync(photo.id).then(report)}
            onDelete={() => void remove.mutateAsync(photo.id).then(report)}
          />
        ))}
      </Box>
      <Box>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<AddPhotoIcon />}
          disabled={busy}
        >
          {upload.isPending ? t('photos.uploading') : t('photos.add')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="profile-photos-input"
            onChange={(event) => void onFiles(event)}
          />
        </Button>
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="profile-photos-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** One photo: the picture (outlined when it is the avatar), "make avatar" or its chip, delete. */
function PhotoTile({
  photo,
  busy,
  onMakeAvatar,
  onDelete,
}: {
  photo: MediaItem;
  busy: boolean;
  onMakeAvatar: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  return (
    <Box
      data-testid="profile-photo"
      data-avatar={photo.isAvatar}
      sx={{ position: 'relative', width: 128 }}
    >
      <Box
        component="img"
        src={buildUrl(mediaPaths.image(photo.id, 'small'))}
        alt={t('photos.alt')}
        loading="lazy"
        sx={{
          width: 128,
          height: 128,
          objectFit: 'cover',
          borderRadius: 2,
          display: 'block',
          outline: photo.isAvatar ? '3px solid' : 'none',
          outlineColor: 'primary.main',
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
        {photo.isAvatar ? (
          <Chip size="small" color="primary" label={t('photos.avatar')} />
        ) : (
          <Tooltip title={t('photos.make-avatar')}>
            <IconButton
              size="small"
              aria-label={t('photos.make-avatar')}
              disabled={busy}
              onClick={onMakeAvatar}
            >
              <StarIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('photos.delete')}>
          <IconButton
            size="small"
            aria-label={t('photos.delete')}
            disabled={busy}
            onClick={onDelete}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
