import { mediaListSchema, type MediaUploadFields } from '@meeet/core/api/media';
import { mediaPaths } from '@meeet/core/api/media-paths';
import { api } from '../../lib/api-client.ts';

/** POST /media (multipart: files, album, targetId, kind) → the stored items. */
export function uploadMedia(fields: MediaUploadFields, files: readonly File[]) {
  const body = new FormData();
  body.set('album', fields.album);
  if (fields.targetId !== undefined) body.set('targetId', String(fields.targetId));
  if (fields.kind !== undefined) body.set('kind', fields.kind);
  for (const file of files) body.append('files', file, file.name);
  return api.upload(mediaPaths.upload, body, mediaListSchema);
}
