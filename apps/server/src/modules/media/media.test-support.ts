import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { usersRepository } from '../users/users.repository.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { bearer, registerUser } from '../../../test/accounts.ts';

/** Test-only helpers of the media and KYC tests: images, multipart bodies, users. */

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(fields: Record<string, string>, files: readonly UploadFile[]) {
  const boundary = `----meeet${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  app: App,
  token: string,
  fields: Record<string, string>,
  files: readonly UploadFile[],
) {
  const body = multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A real JPEG with noise (so it does not compress to nothing), optionally with EXIF and GPS. */
export async function jpeg(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  }).jpeg({ quality: 80 });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'MeeetCam', Model: 'Leaky 1', Copyright: 'Secret Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 45/1 2100/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '37/1 37/1 1700/100',
      },
    });
  }
  return image.toBuffer();
}

export async function png(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a tiny PNG whose header declares `width` × `height` pixels. Its CRC is
 * right, so only the pixel check stops it.
 */
export async function pngBomb(width = 100_000, height = 100_000): Promise<Buffer> {
  const data = Buffer.from(await png(1, 1));
  // Signature (8) + length (4) + 'IHDR' (4), then width and height.
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
  return data;
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** Every file under `dir` (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

let nicknames = 0;

/** A registered user with a complete profile (the first KYC step). */
export async function completeUser(app: App, lastName = 'Tester') {
  const user = await registerUser(app);
  nicknames++;
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/profile-update',
    headers: bearer(user.token),
    payload: {
      firstName: 'Ann',
      lastName,
      domain: `kyc${Date.now().toString(36)}${nicknames}`,
      gender: 1,
      bdate: '1990-05-17T00:00:00.000Z',
    },
  });
  if (response.statusCode !== 200) throw new Error(`profile failed: ${response.body}`);
  return user;
}

export async function makeRole(db: Database, userId: number, role: 'user' | 'moderator' | 'admin') {
  await usersRepository.update(db, userId, { role });
}
