// Bundles the server and its commands into dist/ for plain `node`: our TypeScript (the server
// and the workspace packages it imports, which ship as .ts) becomes one ES module graph, while
// third-party packages stay external and load from node_modules as they are. Those include
// native addons (argon2, sharp), files read beside their code (swagger-ui's assets) and pino's
// worker transports, which a bundle would break. Dynamic imports become their own chunks, so
// the development stand-ins (embedded PostgreSQL, the local anvil and deploy bytecode) are
// loaded only when a process takes that path.
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const serverRoot = resolve(import.meta.dirname, '..');

export const ENTRY_POINTS = [
  'src/server.ts',
  'src/cli/user-role.ts',
  'src/cli/db-migrate.ts',
  'src/cli/market-mint.ts',
  'src/cli/dev-fund.ts',
  'src/cli/local-chain-deploy.ts',
];

/** Every bare import except our own workspace packages stays an import of node_modules. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@meeet/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outdir = join(serverRoot, 'dist')): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  const metafile = await bundle(ENTRY_POINTS, outdir);
  // Read by the build test: which modules each output imports, statically or on demand.
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(metafile));
}

/**
 * Bundles entry points (paths from apps/server) as the server is bundled. Benchmarks run through
 * it too (bench/run-built.ts), so they measure the code production runs.
 */
export async function bundle(
  entryPoints: string[],
  outdir: string,
  outbase = 'src',
): Promise<Metafile> {
  const result = await build({
    absWorkingDir: serverRoot,
    entryPoints,
    outbase,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return result.metafile;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outdir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const started = performance.now();
  await buildServer(outdir);
  console.log(`server built in ${Math.round(performance.now() - started)} ms`);
}
