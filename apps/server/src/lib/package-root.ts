import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (the one holding its package.json). Found by walking up from
 * this module rather than by a fixed `../..`, because the same code runs from `src/` under tsx
 * and from a bundle chunk in `dist/` under plain node, at different depths.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@meeet/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@meeet/server package.json not found above the code');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
/** The monorepo root (or the image's /app), so defaults do not depend on the working folder. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');
