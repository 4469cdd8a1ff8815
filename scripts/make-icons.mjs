#!/usr/bin/env node
// Renders the app icons and the link-preview image from apps/web/public/favicon.svg and the
// card below into PNGs (browsers, iOS home screens and link previews need raster images).
// The PNGs are committed; run again after changing the artwork: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'apps/web/public');
const logo = readFileSync(join(publicDir, 'favicon.svg'));

for (const [file, size] of [
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
]) {
  await sharp(logo, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, file));
}

// 1200×630: the size Open Graph and Twitter's large card show without cropping.
const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><radialGradient id="glow" cx="78%" cy="40%" r="60%"><stop offset="0" stop-color="#1f6bff" stop-opacity=".45"/><stop offset="1" stop-color="#0b0b0f" stop-opacity="0"/></radialGradient></defs>
  <rect width="1200" height="630" fill="#0b0b0f"/><rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(930 315)"><circle cx="-60" r="130" fill="#1f6bff"/><circle cx="60" r="130" fill="#8ab4ff"/><path d="M0 -115.3a130 130 0 0 1 0 230.6a130 130 0 0 1 0-230.6z" fill="#fff"/></g>
  <text x="80" y="270" font-family="Montserrat, DejaVu Sans, sans-serif" font-weight="700" font-size="120" fill="#fff">MEEET</text>
  <text x="80" y="350" font-family="Roboto, DejaVu Sans, sans-serif" font-size="40" fill="#c9d6ff">Meet people nearby.</text>
  <text x="80" y="405" font-family="Roboto, DejaVu Sans, sans-serif" font-size="40" fill="#c9d6ff">Mint a token for every meeting.</text>
</svg>`;
await sharp(Buffer.from(card)).png({ compressionLevel: 9 }).toFile(join(publicDir, 'og-image.png'));
console.log('icons written to', publicDir);

// The iOS app (apps/mobile): a 1024×1024 App Store icon without transparency (Apple refuses
// an alpha channel) and the splash image, drawn from the same logo on the dark background.
const mobileAssets = join(import.meta.dirname, '..', 'apps/mobile/assets');
const mark = await sharp(logo, { density: 72 * (720 / 64) * 2 })
  .resize(720, 720)
  .png()
  .toBuffer();
await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#0b0b0f' } })
  .composite([{ input: mark, gravity: 'center' }])
  .removeAlpha()
  .png({ compressionLevel: 9 })
  .toFile(join(mobileAssets, 'icon.png'));
await sharp(logo, { density: 72 * (400 / 64) * 2 })
  .resize(400, 400)
  .png({ compressionLevel: 9 })
  .toFile(join(mobileAssets, 'splash.png'));
console.log('iOS app icon and splash written to', mobileAssets);
