/** Uploaded images: where they are kept and how large they may be. */
import { join } from 'node:path';
import { z } from 'zod';
import { absolute, type EnvOf, optionalString, withDefault } from './config-values.ts';

export const mediaEnv = {
  /** Where uploaded images are kept; unset → DATA_DIR/media. */
  MEDIA_DIR: optionalString,
  /** Largest accepted upload, per file, in megabytes. */
  MEDIA_MAX_UPLOAD_MB: withDefault(z.coerce.number().int().min(1).max(100), 10),
  /** Largest accepted image in megapixels (width × height), checked before decoding. */
  MEDIA_MAX_MEGAPIXELS: withDefault(z.coerce.number().int().min(1).max(500), 40),
  /** Reserved for S3-compatible storage, which is not built yet: setting it fails the start. */
  S3_BUCKET: optionalString,
};

export interface MediaConfig {
  readonly dir: string;
  readonly maxUploadBytes: number;
  readonly maxPixels: number;
}

/** Read on its own, so a bad variable elsewhere does not hide it. */
export function mediaProblems(env: NodeJS.ProcessEnv): string[] {
  const media = z.object(mediaEnv).pick({ S3_BUCKET: true }).safeParse(env);
  return media.success && media.data.S3_BUCKET
    ? ['S3_BUCKET: S3 media storage is not available yet; unset it to use MEDIA_DIR']
    : [];
}

export function mediaConfig(e: EnvOf<typeof mediaEnv>, dataDir: string): MediaConfig {
  return {
    dir: e.MEDIA_DIR ? absolute(e.MEDIA_DIR) : join(dataDir, 'media'),
    maxUploadBytes: e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
    maxPixels: e.MEDIA_MAX_MEGAPIXELS * 1_000_000,
  };
}
