#!/usr/bin/env node
// Starts the production server for browser tests on a throwaway data folder, so every run
// begins with an empty database and no state leaks between runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'meeet-e2e-'));
// Embedded PostgreSQL runs initdb as the `postgres` user when we are root.
chmodSync(dataDir, 0o777);

const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'development',
    PORT: process.env.E2E_PORT ?? '4310',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PG_PORT: process.env.E2E_PG_PORT ?? '5544',
    LOG_LEVEL: 'warn',
  },
});

function stop(signal) {
  child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
