import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface StartAnvilOptions {
  /** 0 or absent: anvil picks a free port itself, so parallel test files never collide. */
  port?: number;
  /** Seconds between blocks; absent means a block per transaction (instant mining). */
  blockTime?: number;
  chainId?: number;
  /** Seeds the funded dev accounts; anvil's well-known one when absent. */
  mnemonic?: string;
  host?: string;
  /** Milliseconds to wait for the node to answer before giving up. */
  timeoutMs?: number;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** Mnemonic of the funded dev accounts (10 000 ETH each); local chains only. */
  mnemonic: string;
  /** Sends `signal` to the node: tests pause it with SIGSTOP and resume it with SIGCONT. */
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** Anvil's default dev mnemonic; its accounts are public and funded with 10 000 ETH each. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_DEFAULT_CHAIN_ID = 31337;

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** Path of the anvil binary shipped by the platform package that npm picked for this machine. */
export function anvilBinaryPath(): string {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[key];
  if (!pkg) throw new Error(`anvil: no prebuilt binary for ${key}`);
  const require = createRequire(import.meta.url);
  let pkgJson: string;
  try {
    pkgJson = require.resolve(`${pkg}/package.json`);
  } catch {
    throw new Error(
      `anvil: package ${pkg} is not installed; run npm install at the repository root ` +
        '(it comes with @foundry-rs/anvil as an optional dependency)',
    );
  }
  const binary = join(
    dirname(pkgJson),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  );
  if (!existsSync(binary)) throw new Error(`anvil: binary missing at ${binary}`);
  return binary;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

// A dev server or test run that dies must not leave orphan nodes holding ports. 'exit' covers
// normal ends and process.exit; a signal ends the process without 'exit' unless someone
// listens, so we listen, and re-raise when nobody else does to keep the default behaviour.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      if (process.listenerCount(signal) > 1) return;
      killAll();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

async function answersChainId(rpcUrl: string): Promise<number | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : null;
  } catch {
    return null;
  }
}

export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1';
  const chainId = options.chainId ?? ANVIL_DEFAULT_CHAIN_ID;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const args = ['--host', host, '--port', String(options.port ?? 0), '--chain-id', String(chainId)];
  const mnemonic = options.mnemonic ?? ANVIL_MNEMONIC;
  args.push('--mnemonic', mnemonic);
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  installExitHook();

  let output = '';
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    running.delete(child);
    exited = `anvil exited (code ${code}, signal ${signal})`;
  });
  child.on('error', (error) => {
    exited = `anvil failed to start: ${error.message}`;
  });

  // With port 0 the only source of the real port is anvil's own "Listening on" line.
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil: no "Listening on" within ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Listening on [^\s]*:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining so a chatty node never blocks on a full pipe.
        child.stdout?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    // Only the tail is kept: it is for error messages, and a dev node may run for days.
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${exited ?? 'anvil exited'}\n${output}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`anvil failed to start: ${error.message}`));
    });
  });

  const rpcUrl = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  while ((await answersChainId(rpcUrl)) !== chainId) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil: ${rpcUrl} did not answer eth_chainId\n${exited ?? ''}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await gone;
    clearTimeout(timer);
  };

  const signal = (name: NodeJS.Signals): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };

  return { rpcUrl, port, chainId, mnemonic, signal, stop };
}
