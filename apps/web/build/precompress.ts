import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Text formats only: images and fonts (woff2) are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the strongest levels: done
 * once at build time, so the server (@fastify/static `preCompressed`) picks one by the request's
 * Accept-Encoding without compressing per request.
 */
export function precompress({ after }: { after?: Promise<void> } = {}): Plugin {
  let outDir = '';
  return {
    name: 'meeet-precompress',
    apply: 'build',
    // After every other plugin has written its files (the prerendered pages included).
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Files other plugins write when the bundle is closed (the prerendered pages).
      await after;
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        // Every text file, small ones too: one answer shape for all, and brotli still wins on them.
        if (!COMPRESSIBLE.test(path)) continue;
        jobs.push(
          (async () => {
            const content = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gz(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
