import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './ports';
import { runEntry, type Running } from './process';

export const COMPONENTS = ['gateway', 'auth', 'wizard', 'pdf', 'activity'] as const;
export type Component = (typeof COMPONENTS)[number];
type Service = Exclude<Component, 'gateway'>;
const SERVICES: readonly Service[] = ['auth', 'wizard', 'pdf', 'activity'];

const entryOf = (component: Component): string => (component === 'gateway' ? 'gateway/dist/main.js' : `${component}-service/dist/main.js`);
const listeningMessageOf = (component: Component): string =>
  component === 'gateway' ? 'gateway listening' : `${component}-service listening`;

/** Long enough for five processes starting at once on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;

export interface ProcessExit {
  component: Component;
  pid: number | undefined;
  code: number | null;
  signal: string | null;
  at: number;
  /** The test stopped it (kill, SIGTERM or the final clean-up). */
  expected: boolean;
}

export interface StackStorage {
  databaseUrl: string;
  redisUrl: string;
  /** Where the stack's DATA_DIR and ACTIVITY_SPOOL_DIR are made. */
  workDir: string;
}

/**
 * The gateway and the four services as five separate processes, as services
 * mode deploys them, each on a free loopback port and wired to the others by
 * address. Every exit is recorded, with whether the test caused it.
 */
export class ServiceProcesses {
  readonly exits: ProcessExit[] = [];
  private readonly running = new Map<Component, Running>();
  /** Every process started, restarted ones included. */
  private readonly started: Running[] = [];
  /** Children the test is stopping, so their exits count as expected. */
  private readonly stopping = new Set<ChildProcess>();

  private constructor(
    private readonly env: Record<string, string>,
    readonly gatewayPort: number,
  ) {}

  static async start(storage: StackStorage): Promise<ServiceProcesses> {
    const gatewayPort = await freePort();
    const wiring: Record<string, string> = {};
    for (const service of SERVICES) {
      const address = `127.0.0.1:${await freePort()}`;
      // Every process gets every address: each service listens on its own, callers (the gateway, pdf-service) dial theirs.
      wiring[`${service.toUpperCase()}_SERVICE_ADDR`] = address;
      wiring[`${service.toUpperCase()}_SERVICE_TARGET`] = address;
    }
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      BCRYPT_COST: '4',
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_EMAIL: '0',
      DATABASE_URL: storage.databaseUrl,
      REDIS_URL: storage.redisUrl,
      DATA_DIR: await mkdtemp(path.join(storage.workDir, 'faults-data-')),
      ACTIVITY_SPOOL_DIR: await mkdtemp(path.join(storage.workDir, 'faults-spool-')),
      // No PDF is rendered here: one layout thread instead of one per CPU.
      PDF_RENDER_THREADS: '1',
      // The gateway's activity queue scaled to this load (about 150 requests/s, not production's thousands): with
      // the default 10,000 a 10 s outage could never fill it, and it would hide a recorder that cannot take events.
      ACTIVITY_QUEUE_LIMIT: '1000',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      ...wiring,
    };
    const stack = new ServiceProcesses(env, gatewayPort);
    try {
      await Promise.all(COMPONENTS.map((component) => stack.launch(component)));
    } catch (error) {
      await stack.stopAll();
      throw error;
    }
    return stack;
  }

  /** Starts a component (again, on the same port) and returns once it listens. */
  async launch(component: Component): Promise<void> {
    const run = runEntry(entryOf(component), this.env);
    this.running.set(component, run);
    this.started.push(run);
    const { child } = run;
    child.once('exit', (code, signal) => {
      this.exits.push({ component, pid: child.pid, code, signal, at: Date.now(), expected: this.stopping.has(child) });
    });
    await run.waitForLog((line) => line.msg === listeningMessageOf(component), START_TIMEOUT_MS);
  }

  /** SIGKILL: the process dies mid-work, as in an OOM kill or a node failure. */
  async kill(component: Component): Promise<void> {
    const { child, exited } = this.processOf(component);
    this.stopping.add(child);
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as an orchestrator stops a pod; resolves with the exit code and when it came. */
  terminate(component: Component): Promise<{ code: number | null; at: number }> {
    const { child, exited } = this.processOf(component);
    this.stopping.add(child);
    child.kill('SIGTERM');
    return exited.then((code) => ({ code, at: Date.now() }));
  }

  /** The first line a component logged with this message, if it did. */
  async logLine(component: Component, msg: string): Promise<Record<string, unknown> | undefined> {
    return this.processOf(component)
      .waitForLog((line) => line.msg === msg, 0)
      .catch(() => undefined);
  }

  /** Exits the test did not cause. */
  unexpectedExits(): ProcessExit[] {
    return this.exits.filter((exit) => !exit.expected);
  }

  /** Lines logged at a level by all processes so far, restarted ones included. */
  logLineCount(level: 'warn' | 'error' | 'fatal'): number {
    const marker = `"level":"${level}"`;
    return this.started.reduce((count, run) => count + run.output().split(marker).length - 1, 0);
  }

  /** The recent output of each component, for failure messages. */
  outputTail(component: Component, characters = 4_000): string {
    return this.running.get(component)?.output().slice(-characters) ?? '';
  }

  /** SIGKILL whatever still runs: the test is over. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.started.map(async ({ child, exited }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        this.stopping.add(child);
        child.kill('SIGKILL');
        await exited;
      }),
    );
  }

  private processOf(component: Component): Running {
    const run = this.running.get(component);
    if (!run) throw new Error(`${component} was never started`);
    return run;
  }
}
