import sharp, { type OutputInfo } from 'sharp';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { MEDIA_SIZES, type MediaSize } from '@meeet/core/api/media-paths';

export interface ImageLimits {
  /** width × height of the decoded image. */
  readonly maxPixels: number;
}

export interface ProcessedImage {
  /** Of the largest stored size. */
  readonly width: number;
  readonly height: number;
  readonly format: 'webp';
  readonly sizes: Readonly<Record<MediaSize, Buffer>>;
}

export const unsupportedType = () =>
  new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, { messageKey: 'media.unsupported-type' });
const unreadable = () => new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'media.unreadable' });
const tooManyPixels = (limits: ImageLimits) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
    messageKey: 'media.too-many-pixels',
    params: { count: Math.floor(limits.maxPixels / 1_000_000) },
  });

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The format the first bytes say, whatever the file is called. Only these reach the image
 * library, so an SVG (scripts, external references) or any other parser is never run.
 */
export function sniffImageFormat(data: Buffer): 'jpeg' | 'png' | 'webp' | 'heif' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (
    data.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIF_BRANDS.has(data.subarray(8, 12).toString('latin1'))
  )
    return 'heif';
  return null;
}

/**
 * Checks an upload by its content and re-encodes it: the header's dimensions are checked
 * before any pixel is decoded (a small file declaring huge dimensions is refused at once, and
 * sharp's `limitInputPixels` guards the decode too), a damaged or truncated image fails the
 * decode, the orientation is applied, and every size is written as WebP without metadata
 * (EXIF, GPS, XMP, ICC are dropped; colours are converted to sRGB).
 */
export async function processImage(data: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(data);
  if (!sniffed) throw unsupportedType();

  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (meta.format !== sniffed && !(sniffed === 'heif' && meta.format === 'heif'))
      throw unsupportedType();
    ({ width, height } = meta);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The header looked right but the library cannot read it (HEVC without a decoder, say).
    throw sniffed === 'heif' ? unsupportedType() : unreadable();
  }
  if (!width || !height) throw unreadable();
  if (width * height > limits.maxPixels) throw tooManyPixels(limits);

  const largest = MEDIA_SIZES.large;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(limits);
    throw unreadable();
  }

  const raw = {
    raw: {
      width: decoded.info.width,
      height: decoded.info.height,
      channels: decoded.info.channels as 1 | 2 | 3 | 4,
    },
  };
  const entries = await Promise.all(
    (Object.entries(MEDIA_SIZES) as [MediaSize, number][]).map(async ([size, px]) => {
      const encoded = await sharp(decoded.data, raw)
        .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return [size, encoded] as const;
    }),
  );
  return {
    width: decoded.info.width,
    height: decoded.info.height,
    format: 'webp',
    sizes: Object.fromEntries(entries) as Record<MediaSize, Buffer>,
  };
}
