import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { aliases, muiWithoutCssVars } from './aliases.ts';

// The build config is loaded by Node, which cannot import the workspace's TypeScript packages:
// the languages come from the built entry (PRERENDER_LOCALES), this type only names them.
type Locale = 'en' | 'ru';

/** Where the pages go, beside index.html; the server picks one per path and language. */
export const PRERENDER_DIR = 'prerendered';

/** `/` → `en/index.html`, `/help/faq` → `ru/help/faq.html`. */
export function prerenderedFile(locale: Locale, path: string): string {
  return `${locale}${path === '/' ? '/index' : path}.html`;
}

interface PrerenderModule {
  PRERENDER_LOCALES: readonly Locale[];
  PRERENDERED_PATHS: readonly string[];
  renderPage(path: string, locale: Locale): Promise<{ html: string; styles: string }>;
}

function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
  return text.replace(search, () => replacement);
}

/**
 * After the browser build: builds src/prerender.tsx for Node with the same sources and aliases
 * (no headless browser, so the Docker build needs no Chromium), renders each landing page in
 * each language, and writes it as a copy of index.html with the markup in #app and emotion's
 * styles in the head. `done` settles when the pages are written, so the compression
 * step can wait for them.
 */
export function prerender(): { plugin: Plugin; done: Promise<void> } {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Nothing waits on a failure but the compression step, which reports it.
  done.catch(() => {});
  let config: ResolvedConfig;

  async function run(): Promise<void> {
    const outDir = join(config.root, config.build.outDir);
    const serverOut = await mkdtemp(join(tmpdir(), 'meeet-prerender-'));
    try {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'warn',
        plugins: [react(), muiWithoutCssVars()],
        resolve: { alias: aliases({ production: true }) },
        // One self-contained file set for Node: the ESM-only MUI paths and aliases resolve as
        // in the browser build.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: serverOut,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const module = (await import(
        pathToFileURL(join(serverOut, 'prerender.mjs')).href
      )) as PrerenderModule;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      for (const locale of module.PRERENDER_LOCALES) {
        for (const path of module.PRERENDERED_PATHS) {
          const { html, styles } = await module.renderPage(path, locale);
          let page = replaceOnce(template, '<html lang="en"', `<html lang="${locale}"`);
          // The page shows without script: its modules are fetched as the entry asks for them,
          // not all at once beside the first paint. Fonts are not preloaded either: they load
          // when the first layout asks for them, drawn meanwhile in metric-matched fallbacks,
          // so nothing but the page itself stands before its first paint.
          page = page.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
          page = replaceOnce(page, '</head>', `  ${styles}\n  </head>`);
          page = replaceOnce(
            page,
            '<div id="app"></div>',
            `<div id="app" data-prerendered="${locale}">${html}</div>`,
          );
          const file = join(outDir, PRERENDER_DIR, prerenderedFile(locale, path));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, page);
        }
      }
    } finally {
      await rm(serverOut, { recursive: true, force: true });
    }
  }

  const plugin: Plugin = {
    name: 'meeet-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      try {
        await run();
        settle.resolve();
      } catch (error) {
        settle.reject(error);
        throw error;
      }
    },
  };
  return { plugin, done };
}
