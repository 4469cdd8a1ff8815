/**
 * Whether V8's CPU profile can be trusted with system calls on this machine. A child process
 * spins JavaScript for a fixed time, then makes one small write to /dev/null, over and over for
 * 5 s, and times its writes with the clock; it runs under `--cpu-prof`. Compared: the share of
 * the time the clock saw in writes, and the share the profile gives the native write.
 *
 *   npm run bench:profiler-bias -w @meeet/server
 */
import { execFileSync } from 'node:child_process';
import { openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPINS_US = [20, 100];
const SECONDS = 5;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}

function spinAndWrite(spinUs: number): void {
  const devNull = openSync('/dev/null', 'w');
  const chunk = Buffer.alloc(100, 'x');
  const end = process.hrtime.bigint() + BigInt(SECONDS * 1e9);
  const startedAt = process.hrtime.bigint();
  let inWrites = 0n;
  let spins = 0;
  while (process.hrtime.bigint() < end) {
    const until = process.hrtime.bigint() + BigInt(spinUs * 1000);
    while (process.hrtime.bigint() < until) spins++;
    const before = process.hrtime.bigint();
    writeSync(devNull, chunk);
    inWrites += process.hrtime.bigint() - before;
  }
  const share = Number(inWrites) / Number(process.hrtime.bigint() - startedAt);
  console.log(JSON.stringify({ share, spins }));
}

/** The profile's share of samples in the native write (`writeBuffer`, under `fs.writeSync`). */
function profiledShare(folder: string): number {
  const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let total = 0;
  let writes = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (names.get(id) === 'writeBuffer') writes += delta;
  });
  return writes / total;
}

if (process.argv[2] === 'child') {
  spinAndWrite(Number(process.argv[3]));
} else {
  for (const spinUs of SPINS_US) {
    const folder = await mkdtemp(join(tmpdir(), 'profiler-bias-'));
    const output = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        '--cpu-prof',
        `--cpu-prof-dir=${folder}`,
        fileURLToPath(import.meta.url),
        'child',
        String(spinUs),
      ],
      { encoding: 'utf8' },
    );
    const { share } = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { share: number };
    const percent = (n: number) => `${(100 * n).toFixed(1)}%`;
    console.log(
      `${spinUs} µs of JavaScript per write: the clock sees ${percent(share)} of the time in writes, the CPU profile ${percent(profiledShare(folder))}`,
    );
    await rm(folder, { recursive: true, force: true });
  }
}
