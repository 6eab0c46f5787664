import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  /** The JSON log lines so far. */
  lines: () => ReadonlyArray<Record<string, unknown>>;
  /** Resolves with the first log line matching the predicate. */
  waitForLog(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/**
 * The flags `npm start` gives node before the preload (package.json), so a test starts the all-in-one as it does.
 */
export function npmStartNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) --require /.exec(manifest.scripts.start);
  if (!flags) throw new Error('package.json: the start script no longer runs `node [flags] --require <preload> ...`');
  return flags[1]!.trim().split(' ').filter(Boolean);
}

/**
 * Runs a built entry point as production does: telemetry preloaded, JSON logs on stdout. Metrics are off
 * unless `env` turns them on (OTEL_METRICS_EXPORTER, OTEL_EXPORTER_PROMETHEUS_PORT; port 0 takes a free one,
 * logged as "metrics listening"): tests run in parallel, and every process on the default 9464 would collide.
 */
export function runEntry(entry: string, env: Record<string, string | undefined>, nodeFlags: readonly string[] = []): Running {
  const child = spawn(process.execPath, [...nodeFlags, '--require', './common/dist/telemetry-preload.js', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, OTEL_METRICS_EXPORTER: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ predicate: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }> = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    partial += chunk.toString();
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) {
      try {
        const line = JSON.parse(part) as Record<string, unknown>;
        lines.push(line);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(line)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(line);
          }
        }
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    lines: () => lines,
    exited,
    waitForLog: (predicate, timeoutMs = 20_000) => {
      const found = lines.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching log line within ${timeoutMs} ms; output:\n${output}`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
        void exited.then(() => reject(new Error(`process exited before the log line; output:\n${output}`)));
      });
    },
  };
}
