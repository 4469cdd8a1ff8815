import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const ASSET = 'console.log("app")';

describe('built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'meeet-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-3f9a1c.js'), ASSET);
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
    // What the build's precompress step writes beside each text file.
    for (const [file, content] of [
      ['index.html', INDEX],
      [join('assets', 'index-3f9a1c.js'), ASSET],
    ] as const) {
      writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(webDist, `${file}.gz`), gzipSync(content));
    }
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client-side routes a browser navigates to', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/account/referral?tab=tree',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps JSON 404s for API paths, missing assets and non-HTML requests', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(asset.statusCode).toBe(404);

    const post = await t.app.inject({
      method: 'POST',
      url: '/account',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
  });

  it('answers an unknown page with 404 and the app, which shows its not-found page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/no-such-page?x=1',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX);

    const nested = await t.app.inject({
      method: 'GET',
      url: '/market/whatever',
      headers: { accept: 'text/html' },
    });
    expect(nested.statusCode).toBe(404);

    const withParam = await t.app.inject({
      method: 'GET',
      url: '/ref/MEEET1f',
      headers: { accept: 'text/html' },
    });
    expect(withParam.statusCode).toBe(200);
  });

  it('sends the precompressed copy the client accepts, brotli first', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const page = await t.app.inject({
      method: 'GET',
      url: '/account',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);

    // The compressed copies have no URL of their own.
    const direct = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js.br' });
    expect(direct.statusCode).toBe(404);
  });
});
