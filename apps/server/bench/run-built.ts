/**
 * Runs a benchmark on the code production runs: bundled by the server's build (esbuild, see
 * scripts/build.ts) and started by plain `node` with source maps, as `npm start` starts the
 * server. Through tsx the same sources cost the 5,000-client run about 30 MB more RSS: tsx keeps
 * every function's name by defining it as a property, which gives each closure made per socket
 * a dictionary of its own (18 MB in meet.socket.ts alone), and it keeps every module's source
 * map in memory (docs/benchmarks.md).
 *
 *   tsx bench/run-built.ts bench/meet-bench.ts [node options…]
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { bundle } from '../scripts/build.ts';

const serverRoot = resolve(import.meta.dirname, '..');
const [entry, ...nodeOptions] = process.argv.slice(2);
if (!entry) {
  console.error('usage: tsx bench/run-built.ts bench/<name>.ts [node options…]');
  process.exit(2);
}

const outdir = join(serverRoot, '.bench-dist');
rmSync(outdir, { recursive: true, force: true });
await bundle([entry], outdir, 'bench');
const script = join(outdir, basename(entry).replace(/\.ts$/, '.js'));
const child = spawn(process.execPath, [...nodeOptions, '--enable-source-maps', script], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  rmSync(outdir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
