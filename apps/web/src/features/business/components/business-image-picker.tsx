import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { failureMessage } from '../../../components/form/server-errors.ts';
import { buildUrl } from '../../../lib/api-client.ts';
import { uploadBusinessImage } from '../api/my-business.ts';

export interface ImagePickerLabels {
  add: string;
  replace: string;
  alt: string;
  /** Shown when the upload fails without a message of its own. */
  error: string;
}

/** An image of the business media album (the logo, a spot's photo): preview and upload. */
export function BusinessImagePicker({
  imageId,
  labels,
  testId,
  onImage,
  onError,
}: {
  imageId: string | null;
  labels: ImagePickerLabels;
  testId: string;
  onImage: (id: string) => void;
  onError: (message: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    const result = await uploadBusinessImage(file);
    setUploading(false);
    const [image] = result.ok ? result.data.list : [];
    if (image) onImage(image.id);
    else if (!result.ok) onError(failureMessage(result, labels.error));
  };
  const label = imageId ? labels.replace : labels.add;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {imageId && (
        <Box
          component="img"
          src={buildUrl(mediaPaths.image(imageId))}
          alt={labels.alt}
          sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Button component="label" variant="outlined" disabled={uploading}>
        {label}
        <input
          hidden
          type="file"
          accept="image/*"
          aria-label={label}
          data-testid={testId}
          onChange={(event) => void onFile(event)}
        />
      </Button>
    </Stack>
  );
}
