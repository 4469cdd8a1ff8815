#!/usr/bin/env node
// Starts the production server for browser tests on a throwaway data folder, so every run
// begins with an empty database, plus a real SMTP server that keeps every delivered mail as a
// file the tests read (e2e/support/mailbox.ts). What the tests need to reach the same database
// (the role command) is written to test-results/e2e-server.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { startFakeApns } from './fake-apns.mjs';

const root = resolve(import.meta.dirname, '..');
const mailDir = join(root, 'test-results', 'e2e-mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const file = join(mailDir, `${Date.now()}-${randomUUID()}.json`);
      writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
      callback();
    });
  },
});
await new Promise((done) => smtp.listen(0, '127.0.0.1', done));
const smtpPort = smtp.server.address().port;

// A stand-in for an affiliate's tracker: every postback it receives is kept as a file the
// tests read (method, path with query, headers, body).
const postbackDir = join(root, 'test-results', 'e2e-postbacks');
rmSync(postbackDir, { recursive: true, force: true });
mkdirSync(postbackDir, { recursive: true });
const postbacks = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const file = join(postbackDir, `${Date.now()}-${randomUUID()}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
await new Promise((done) => postbacks.listen(0, '127.0.0.1', done));
const postbackPort = postbacks.address().port;

// Push notifications go to a local APNs (scripts/fake-apns.mjs), kept as files.
const apnsDir = join(root, 'test-results', 'e2e-apns');
const apns = await startFakeApns(apnsDir);

const dataDir = mkdtempSync(join(tmpdir(), 'meeet-e2e-'));
// Embedded PostgreSQL runs initdb as the `postgres` user when we are root.
chmodSync(dataDir, 0o777);
const pgPort = process.env.E2E_PG_PORT ?? '5544';
const env = {
  ...process.env,
  NODE_ENV: 'production',
  APP_ENV: 'development',
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PG_PORT: pgPort,
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Every browser test comes from 127.0.0.1: per-IP limits sized for one person would trip.
  AUTH_RATE_LIMIT_PER_IP: '10000',
  LOGIN_RATE_LIMIT_PER_IP: '10000',
  // The local chain on any free port (a dev server may hold 8545); deposits seen quickly.
  ANVIL_PORT: process.env.E2E_ANVIL_PORT ?? '0',
  CHAIN_POLL_MS: '300',
  // Production refuses postbacks to local addresses; the test tracker is let through by name.
  CPA_POSTBACK_ALLOW: `127.0.0.1:${postbackPort}`,
  // Meetings in browser time: a scored "minute" of 1.5 s, 2 of 4 needed, tokens bought moments
  // ago may mint.
  MEETINGS_MINUTE_MS: '1500',
  MEETINGS_WINDOW_MINUTES: '4',
  MEETINGS_MIN_MINUTES: '2',
  MEETINGS_FIRST_MINT_DELAY_SECONDS: '0',
  ...apns.env,
};
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(
  join(root, 'test-results', 'e2e-server.json'),
  JSON.stringify({
    dataDir,
    pgPort,
    mailDir,
    port: env.PORT,
    postbackDir,
    postbackPort,
    apnsDir,
  }),
);

const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  cwd: root,
  env,
});

function stop(signal) {
  child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  smtp.close();
  postbacks.close();
  apns.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
