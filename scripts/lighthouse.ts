#!/usr/bin/env -S npx tsx
// Lighthouse's mobile preset (its default: a mid-range phone on slow 4G, simulated throttling)
// against the built product as `npm start` serves it — the browser tests' server, on a fresh
// database and chain — for the pages of issues 17 and 46: `/`, `/market` as a guest and signed
// in, `/help/faq`. Each page is measured three times (LIGHTHOUSE_RUNS) and the median run is the
// figure, with every run's score and TBT beside it: one quick run is not the figure. Prints the
// table recorded in docs/benchmarks.md, with the load average; full reports (the median run's)
// go to test-results/lighthouse/. Run: npm run lighthouse (builds first).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { waitForMail } from '../e2e/support/mailbox.ts';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'test-results', 'lighthouse');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn('node', ['scripts/e2e-server.mjs'], {
  cwd: root,
  // Its own process group, so stopping it also stops the server it starts; its logs stay out of
  // the table.
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, E2E_PORT: String(port), E2E_PG_PORT: String(await freePort()) },
});
const stopServer = () =>
  new Promise((done) => {
    server.once('exit', done);
    process.kill(-server.pid!, 'SIGTERM');
  });

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((next) => setTimeout(next, 500));
  }
  throw new Error('the server did not become healthy in 120 s');
}

async function api(path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A user who may open /market: e-mail confirmed, profile complete (as the e2e fixtures do). */
async function readyUser(): Promise<{ token: string; user: { id: number } }> {
  const email = `lighthouse.${Date.now()}@example.com`;
  const since = Date.now();
  const auth = (await api('/user/register', {
    email,
    password: 'Meeet-Pass-2026',
    acceptTerms: true,
  })) as { token: string; user: { id: number } };
  await api('/user/email/verify/send-code', {}, auth.token);
  const mail = await waitForMail(email, { since });
  await api(`/user/email/verify/check/${mail.code}`, {}, auth.token);
  await api(
    '/user/profile-update',
    {
      firstName: 'Anna',
      lastName: 'Tester',
      domain: `anna${auth.user.id}`,
      gender: 1,
      bdate: '1990-05-17T00:00:00.000Z',
    },
    auth.token,
  );
  return auth;
}

interface Row {
  page: string;
  /** Total blocking time in ms, for the median and the runs' list. */
  tbtMs: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failing: string[];
  /** The page as the local, unthrottled browser actually loaded it (Lighthouse's observed*). */
  observed: string;
}

let chrome: chromeLauncher.LaunchedChrome | undefined;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** One Lighthouse run of a page in a fresh browser, as a guest on a first visit or signed in. */
async function measure(
  path: string,
  signedIn: boolean,
  auth: { token: string; user: { id: number } },
): Promise<LighthouseResult> {
  // Lighthouse sometimes loses the navigation's trace (NO_NAVSTART) on this machine; a new
  // browser measures the page again, up to three times.
  for (let attempt = 1; ; attempt++) {
    // A fresh browser per run: a reused one lost the trace more often.
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    // Storage is set in a tab of its own and kept by Lighthouse (disableStorageReset): a first
    // visit, or a signed-in user whose cookie choice is made; the cache is still cleared per run.
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      (record, signIn) => {
        localStorage.clear();
        sessionStorage.clear();
        if (!signIn) return;
        localStorage.setItem('auth', JSON.stringify(record));
        localStorage.setItem('accessKey', record.token);
        localStorage.setItem('cookie-dialog-hidden', 'true');
        localStorage.setItem('install-app-dialog-hidden', 'true');
      },
      auth,
      signedIn,
    );
    await page.close();
    await browser.disconnect();
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      disableStorageReset: true,
      // With the JavaScript sampling profile, so the trace says which functions a task ran.
      ...(process.env.LIGHTHOUSE_TRACE
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
    chrome.kill();
    chrome = undefined;
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (error.code !== 'NO_NAVSTART' || attempt === 3) {
      throw new Error(`${path}: ${error.message}`);
    }
    console.log(`${path}: Lighthouse lost the trace (NO_NAVSTART), measuring again`);
  }
}

function toRow(page: string, result: LighthouseResult): Row {
  const { categories, audits } = result.lhr;
  const display = (id: string) => audits[id]?.displayValue ?? '—';
  const metrics = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const ms = (key: string) => `${Math.round(metrics?.[key] ?? Number.NaN)} ms`;
  return {
    page,
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
    ) as Row['scores'],
    fcp: display('first-contentful-paint'),
    lcp: display('largest-contentful-paint'),
    tbt: display('total-blocking-time'),
    cls: display('cumulative-layout-shift'),
    observed: `FCP ${ms('observedFirstContentfulPaint')}, LCP ${ms('observedLargestContentfulPaint')}, load ${ms('observedLoad')}, last visual change ${ms('observedLastVisualChange')}`,
    failing: CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    ),
  };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

try {
  await waitForHealth();
  const auth = await readyUser();
  mkdirSync(outDir, { recursive: true });

  // LIGHTHOUSE_PAGES=/market (comma-separated) measures only those pages, for quick rounds;
  // LIGHTHOUSE_RUNS=1 one run each instead of the median of three.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((path) => path.trim());
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
  const pages = [
    { path: '/', signedIn: false },
    { path: '/market', signedIn: false },
    { path: '/market', signedIn: true },
    { path: '/help/faq', signedIn: false },
  ].filter(({ path }) => !only || only.includes(path));
  const loadBefore = loadAverage();
  const rows: { median: Row; all: Row[] }[] = [];
  for (const { path, signedIn } of pages) {
    const label = `${path} (${signedIn ? 'signed in' : 'guest'})`;
    const results: { row: Row; result: LighthouseResult }[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await measure(path, signedIn, auth);
      const row = toRow(label, result);
      console.log(
        `${label} run ${run}/${runs}: performance ${row.scores.performance}, TBT ${row.tbtMs} ms (load average ${loadAverage()})`,
      );
      results.push({ row, result });
    }
    // The median run by performance score (ties: by TBT); its report is the one kept.
    const sorted = [...results].sort(
      (a, b) => a.row.scores.performance - b.row.scores.performance || b.row.tbtMs - a.row.tbtMs,
    );
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const name =
      (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')) + (signedIn ? '-signed-in' : '');
    writeFileSync(join(outDir, `${name}.html`), median.result.report as string);
    // The raw result too, for the audits the table leaves out (long-tasks, bootup-time…).
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify(median.result.lhr));
    // LIGHTHOUSE_TRACE=1 keeps the page's trace (open it in Chromium's Performance panel).
    if (process.env.LIGHTHOUSE_TRACE)
      writeFileSync(
        join(outDir, `${name}.trace.json`),
        JSON.stringify(median.result.artifacts.Trace),
      );
    rows.push({ median: median.row, all: results.map(({ row }) => row) });
  }

  console.log(
    `\nMedian of ${runs} run(s) per page; load average before ${loadBefore}, after ${loadAverage()} (1, 5, 15 min).`,
  );
  console.log(
    '\n| page | Performance (runs) | Accessibility | Best Practices | SEO | FCP | LCP | TBT (runs) | CLS |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { median: row, all } of rows) {
    const s = row.scores;
    const perfRuns = all.map((run) => run.scores.performance).join(', ');
    const tbtRuns = all.map((run) => run.tbtMs).join(', ');
    console.log(
      `| ${row.page} | ${s.performance} (${perfRuns}) | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${row.fcp} | ${row.lcp} | ${row.tbt} (${tbtRuns} ms) | ${row.cls} |`,
    );
  }
  console.log('\nObserved (unthrottled, this machine; the median run):');
  for (const { median: row } of rows) console.log(`- ${row.page}: ${row.observed}`);
  for (const { median: row } of rows)
    if (row.failing.length) console.log(`\n${row.page} fails: ${row.failing.join(', ')}`);
} finally {
  chrome?.kill();
  await stopServer();
}
