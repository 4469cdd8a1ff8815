#!/usr/bin/env node
// Measures the JavaScript a first visit to `/` really downloads: opens the built web app in
// Chromium, records every script the page loads until the network is idle (route chunks and
// lazily loaded parts included), and gzips each file from apps/web/dist the way a server would.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './ensure-chromium.mjs';

// Issue 17's budget.
const BUDGET_KB = 150;
const dist = join(import.meta.dirname, '..', 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = join(dist, path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    // API calls get an empty answer; every other path is the SPA's index.html.
    if (path.startsWith('/api/')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"code":"NOT_FOUND","message":"Not found"}');
      return;
    }
    // A landing page the build prerendered is served as the server does (English here).
    const prerendered = join(
      dist,
      'prerendered',
      'en',
      path === '/' ? 'index.html' : `${path}.html`,
    );
    file = existsSync(prerendered) ? prerendered : join(dist, 'index.html');
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  const body = readFileSync(file);
  // As the server marks the head it writes for a page (apps/server/src/plugins/web-head.ts), so
  // the app does not fetch the page words again.
  res.end(
    file.endsWith('.html')
      ? body
          .toString()
          .replace(
            '<html lang="en"',
            `<html lang="en" data-head-locale="en" data-head-path="${path}"`,
          )
      : body,
  );
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_ARGS,
});
const scripts = new Set();
const page = await browser.newPage();
page.on('request', (request) => {
  if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
});
await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
// The cookie banner appears after 3 s and is part of a first visit.
await page.waitForTimeout(3500);
await page.waitForLoadState('networkidle');
await browser.close();
server.close();

let totalGzip = 0;
let totalBrotli = 0;
let totalRaw = 0;
const rows = [...scripts].sort().map((path) => {
  const raw = readFileSync(join(dist, path));
  const gz = gzipSync(raw, { level: 9 }).length;
  // What the server really sends to a browser that accepts brotli (apps/web/build/precompress.ts).
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
  totalGzip += gz;
  totalBrotli += br;
  totalRaw += raw.length;
  return { path, raw: raw.length, gz, br };
});
const kb = (n) => (n / 1024).toFixed(1);
for (const row of rows)
  console.log(
    `${kb(row.gz).padStart(7)} KB gz ${kb(row.br).padStart(7)} KB br ${kb(row.raw).padStart(7)} KB  ${row.path}`,
  );
console.log(
  `first visit to / : ${rows.length} scripts, ${kb(totalGzip)} KB gzipped, ${kb(totalBrotli)} KB brotli (${kb(totalRaw)} KB raw); budget ${BUDGET_KB} KB gzipped`,
);
if (totalGzip > BUDGET_KB * 1024) {
  console.error('over budget');
  process.exit(1);
}
