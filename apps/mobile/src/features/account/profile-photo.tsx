import { useState } from 'react';
import { Platform, Text } from 'react-native';
import * as ImagePicker from 'expo-image-picker';
import { ImageManipulator, SaveFormat, type ImageManipulatorContext } from 'expo-image-manipulator';
import { mediaListSchema } from '@meeet/core/api/media';
import { MEDIA_SIZES, mediaPaths } from '@meeet/core/api/media-paths';
import { MediaAlbum } from '@meeet/core/enums';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Card, ErrorBox, Notice, styles } from '../../components/ui.tsx';

/** The longest side sent: the largest size the server keeps, so nothing is enlarged or lost. */
export const PHOTO_MAX_SIDE = MEDIA_SIZES.large;

export type PhotoSource = 'camera' | 'library';

// The package's web typings declare the module as its class, not the instance it registers
// (its native typings are right): one view of the module for both builds.
const manipulator = ImageManipulator as unknown as {
  manipulate(source: string): ImageManipulatorContext;
};

/** Asks for the permission the source needs, then lets the user take or choose one image. */
export async function pickImage(
  source: PhotoSource,
  /** The camera to open: the back one, or the front one for a selfie. */
  facing: 'back' | 'front' = 'back',
): Promise<ImagePicker.ImagePickerAsset | 'denied' | null> {
  const permission =
    source === 'camera'
      ? await ImagePicker.requestCameraPermissionsAsync()
      : await ImagePicker.requestMediaLibraryPermissionsAsync();
  if (!permission.granted) return 'denied';
  const options: ImagePicker.ImagePickerOptions = { mediaTypes: ['images'], quality: 1 };
  const result =
    source === 'camera'
      ? await ImagePicker.launchCameraAsync({
          ...options,
          cameraType:
            facing === 'front' ? ImagePicker.CameraType.front : ImagePicker.CameraType.back,
        })
      : await ImagePicker.launchImageLibraryAsync(options);
  return result.canceled ? null : (result.assets[0] ?? null);
}

/** Shrinks the image on the phone (longest side PHOTO_MAX_SIDE, JPEG) before it is sent. */
export async function shrinkImage(asset: ImagePicker.ImagePickerAsset): Promise<string> {
  const context = manipulator.manipulate(asset.uri);
  if (Math.max(asset.width, asset.height) > PHOTO_MAX_SIDE) {
    context.resize(
      asset.width >= asset.height ? { width: PHOTO_MAX_SIDE } : { height: PHOTO_MAX_SIDE },
    );
  }
  const image = await context.renderAsync();
  const saved = await image.saveAsync({ compress: 0.85, format: SaveFormat.JPEG });
  return saved.uri;
}

/** The file part of a multipart upload: a file URI on the phone, a Blob in the web build. */
async function imagePart(form: FormData, field: string, uri: string, name: string) {
  if (Platform.OS === 'web') {
    form.append(field, await (await fetch(uri)).blob(), name);
    return;
  }
  // React Native's FormData takes a file by its URI; its types only know Blob.
  form.append(field, { uri, name, type: 'image/jpeg' } as unknown as Blob);
}

/** Uploads one shrunk image through the media API (profile photos, or KYC with its kind). */
export async function uploadImage(
  uri: string,
  fields: { album: MediaAlbum; kind?: 'document' | 'selfie' },
) {
  const form = new FormData();
  form.append('album', fields.album);
  if (fields.kind) form.append('kind', fields.kind);
  await imagePart(form, 'files', uri, 'photo.jpg');
  return api.upload(mediaPaths.upload, form, mediaListSchema);
}

/** Settings → profile photo from the camera or the library, shrunk before upload. */
export function ProfilePhotoCard() {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'denied'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(source: PhotoSource) {
    setFailure(null);
    const picked = await pickImage(source);
    if (picked === 'denied') return setState('denied');
    if (!picked) return;
    setState('busy');
    const result = await uploadImage(await shrinkImage(picked), {
      album: MediaAlbum.PROFILE_PHOTOS,
    });
    if (!result.ok) setFailure(result.error);
    setState(result.ok ? 'done' : 'idle');
  }

  return (
    <Card>
      <Text style={[styles.text, { fontWeight: '700' }]}>{t('m.photo.title')}</Text>
      {state === 'busy' ? <Text style={styles.muted}>{t('m.photo.uploading')}</Text> : null}
      {state === 'done' ? <Notice text={t('m.photo.done')} /> : null}
      {state === 'denied' ? <Notice tone="warning" text={t('m.photo.denied')} /> : null}
      {failure ? <ErrorBox message={failure} /> : null}
      <Button
        label={t('m.photo.camera')}
        variant="secondary"
        disabled={state === 'busy'}
        onPress={() => void choose('camera')}
      />
      <Button
        label={t('m.photo.library')}
        variant="secondary"
        disabled={state === 'busy'}
        onPress={() => void choose('library')}
      />
    </Card>
  );
}
