/**
 * Starts the real server the way a user does (`node scripts/start.mjs`) on a free port with an
 * empty DATA_DIR, and keeps its stdout so a journey can read the console SMS provider's codes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** Waits for the console SMS provider to log a code for this mobile. */
  waitForSmsCode: (mobile: string, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `fn` every 100 ms until it gives a value, or throws after `timeoutMs`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TEST_LOGIN: 'on', NODE_ENV: 'development', LOG_LEVEL: 'info', MEDIA_DEMO_CLIPS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    'healthz',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      try {
        const r = await fetch(`${url}/healthz`);
        return r.ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    60_000,
  );
  return {
    url,
    port,
    dataDir,
    output: () => out,
    waitForSmsCode: (mobile, timeoutMs = 10_000) =>
      until(
        `sms code for ${mobile}`,
        () => {
          let code: string | undefined;
          for (const line of out.split('\n')) {
            if (!line.includes('"sms"')) continue;
            try {
              const j = JSON.parse(line) as { sms?: { mobile?: string; code?: string } };
              // The console provider masks the number in its log line (decision 017).
              if (j.sms?.mobile === `${mobile.slice(0, 3)}****${mobile.slice(-4)}`) code = j.sms.code;
            } catch {
              /* not a JSON line */
            }
          }
          return code;
        },
        timeoutMs,
      ),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
