import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { news } from '../modules/news/news.schema.ts';
import { users } from '../modules/users/users.schema.ts';

const INDEX =
  '<!doctype html><html lang="en"><head><title>MEEET</title></head><body><div id="root"></div></body></html>';
const APP_ROOT = '<div id="root"></div>';
const ASSET = 'console.log("app")';
// What the web build's prerender step writes (apps/web/build/prerender.ts).
const prerenderedPage = (locale: string, text: string) =>
  `<!doctype html><html lang="${locale}"><head><title>MEEET</title></head><body><div id="app" data-prerendered="${locale}"><h1>${text}</h1></div></body></html>`;

describe('built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'meeet-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-3f9a1c.js'), ASSET);
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
    mkdirSync(join(webDist, 'prerendered', 'en'), { recursive: true });
    mkdirSync(join(webDist, 'prerendered', 'ru', 'help'), { recursive: true });
    writeFileSync(join(webDist, 'prerendered', 'en', 'index.html'), prerenderedPage('en', 'Home'));
    writeFileSync(
      join(webDist, 'prerendered', 'ru', 'help', 'faq.html'),
      prerenderedPage('ru', 'Частые вопросы'),
    );
    // What the build's precompress step writes beside each text file.
    const file = join('assets', 'index-3f9a1c.js');
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(ASSET));
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(ASSET));
    t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://meeet.example' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html without long caching', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/news',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(APP_ROOT);
  });

  it("serves a prerendered page in the visitor's language, with the page's head", async () => {
    const home = await t.app.inject({
      method: 'GET',
      url: '/?cpa=7',
      headers: { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<div id="app" data-prerendered="en"><h1>Home</h1></div>');
    expect(home.body).toContain('<title>MEEET — real meetings with people around you</title>');
    expect(home.body).toContain('hreflang="ru"');

    // ?lang= first, then the browser's first language (a q-value does not hide it).
    for (const request of [
      { url: '/help/faq?lang=ru', language: 'en' },
      { url: '/help/faq', language: 'ru;q=0.9,en;q=0.8' },
    ]) {
      const faq = await t.app.inject({
        method: 'GET',
        url: request.url,
        headers: { accept: 'text/html', 'accept-language': request.language },
      });
      expect(faq.statusCode).toBe(200);
      expect(faq.body).toContain('<html lang="ru"');
      expect(faq.body).toContain('<h1>Частые вопросы</h1>');
      expect(faq.body).toContain('<title>Вопросы и ответы — MEEET</title>');
    }

    // No prerendered copy in that language: the app's index.html, which renders it.
    const english = await t.app.inject({
      method: 'GET',
      url: '/help/faq?lang=en',
      headers: { accept: 'text/html' },
    });
    expect(english.body).toContain(APP_ROOT);

    // The files themselves have no URL of their own.
    const direct = await t.app.inject({ method: 'GET', url: '/prerendered/en/index.html' });
    expect(direct.statusCode).toBe(404);
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
    expect(response.body).toContain(APP_ROOT);
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

  it('answers 404 for a news item that is not out, 200 for one that is (issue 46)', async () => {
    const [admin] = await t.db
      .insert(users)
      .values({ email: 'news-admin@example.com' })
      .returning();
    const item = (status: string, publishAt: Date) => ({
      titleEn: 'T',
      titleRu: 'Т',
      bodyEn: 'B',
      bodyRu: 'Б',
      status,
      publishAt,
      createdBy: admin!.id,
    });
    const [published, draft] = await t.db
      .insert(news)
      .values([item('PUBLISHED', new Date(Date.now() - 60_000)), item('DRAFT', new Date())])
      .returning();
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const found = await page(`/news/${published!.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(APP_ROOT);
    expect((await page(`/news/${published!.id}/`)).statusCode).toBe(200);
    for (const url of ['/news/999999', `/news/${draft!.id}`, '/news/abc', '/news/99999999999999']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('<title>Page not found — MEEET</title>');
    }
  });

  it('answers an unknown page with 404 and the app, which shows its not-found page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/no-such-page?x=1',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(APP_ROOT);
    expect(response.body).toContain('<title>Page not found — MEEET</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');

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
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(APP_ROOT);

    // The compressed copies have no URL of their own.
    const direct = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js.br' });
    expect(direct.statusCode).toBe(404);
  });

  it("writes each page's title, description, cards and language versions into the HTML", async () => {
    const faq = await t.app.inject({
      method: 'GET',
      url: '/help/faq',
      headers: { accept: 'text/html', 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(faq.body).toContain('<html lang="ru"');
    expect(faq.body).toContain('<title>Вопросы и ответы — MEEET</title>');
    expect(faq.body).toMatch(/<meta name="description" content="Ответы об аккаунте/);
    expect(faq.body).toContain('<link rel="canonical" href="https://meeet.example/help/faq" />');
    expect(faq.body).toContain(
      '<link rel="alternate" hreflang="en" href="https://meeet.example/help/faq?lang=en" />',
    );
    expect(faq.body).toContain(
      '<link rel="alternate" hreflang="ru" href="https://meeet.example/help/faq?lang=ru" />',
    );
    expect(faq.body).toContain(
      '<meta property="og:image" content="https://meeet.example/og-image.png" />',
    );
    expect(faq.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(faq.headers.vary).toMatch(/accept-language/i);

    // ?lang= wins over the browser's language and stays in the canonical address.
    const english = await t.app.inject({
      method: 'GET',
      url: '/help/faq?lang=en',
      headers: { accept: 'text/html', 'accept-language': 'ru' },
    });
    expect(english.body).toContain('<title>Questions and answers — MEEET</title>');
    expect(english.body).toContain(
      '<link rel="canonical" href="https://meeet.example/help/faq?lang=en" />',
    );

    const invite = await t.app.inject({
      method: 'GET',
      url: '/ref/MEEET1f',
      headers: { accept: 'text/html' },
    });
    expect(invite.body).toContain(
      '<meta property="og:title" content="You are invited to MEEET" />',
    );
  });

  it('answers robots.txt and a sitemap of the public pages in both languages', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /account');
    expect(robots.body).toContain('Sitemap: https://meeet.example/sitemap.xml');

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain('<loc>https://meeet.example/help/faq</loc>');
    expect(sitemap.body).toContain('hreflang="ru" href="https://meeet.example/help/faq?lang=ru"');
    expect(sitemap.body).not.toContain('/account');
  });
});
