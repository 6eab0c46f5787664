import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_LIMITS_OFF } from './env';
import { registerGateway } from './openapi-hooks';
import { freePort } from './ports';
import { runEntry, type Running } from './process';

export const COMPONENTS = ['gateway', 'auth', 'wizard', 'pdf', 'activity'] as const;
export type Component = (typeof COMPONENTS)[number];
export type Service = Exclude<Component, 'gateway'>;
export const SERVICES: readonly Service[] = ['auth', 'wizard', 'pdf', 'activity'];

const entryOf = (component: Component): string => (component === 'gateway' ? 'gateway/dist/main.js' : `${component}-service/dist/main.js`);
const listeningMessageOf = (component: Component): string =>
  component === 'gateway' ? 'gateway listening' : `${component}-service listening`;

/** Long enough for five processes starting at once on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;

export interface ProcessExit {
  component: Component;
  /** Which replica of the component (0 when it runs once). */
  replica: number;
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

export interface StackShape {
  /** Processes of each service (default 1); callers get all their addresses as one comma-separated target. */
  replicas?: number;
  /** Gateway processes (default 1), each on a port of its own. */
  gateways?: number;
  /** LOG_LEVEL of the services (default info); debug logs a line per gRPC call answered. */
  serviceLogLevel?: 'info' | 'debug';
  /** Every process serves metrics, each on a free port of its own (see metricsPort); off by default. */
  metrics?: boolean;
  /** More settings for every process. */
  env?: Record<string, string>;
}

/** One process of the stack: replica `replica` of `component`. */
const instanceKey = (component: Component, replica: number) => `${component}#${replica}`;

/**
 * The gateway and the four services as separate processes, as services mode
 * deploys them (one of each, or several replicas), each on a free loopback
 * port and wired to the others by address. Every exit is recorded, with
 * whether the test caused it.
 */
export class ServiceProcesses {
  readonly exits: ProcessExit[] = [];
  private readonly running = new Map<string, Running>();
  /** Every process started, restarted ones included, by instance. */
  private readonly started: Array<{ key: string; run: Running }> = [];
  /** Children the test is stopping, so their exits count as expected. */
  private readonly stopping = new Set<ChildProcess>();

  private constructor(
    private readonly env: Record<string, string>,
    /** Each instance's own settings: its listening address or port, its spool. */
    private readonly own: Map<string, Record<string, string>>,
    readonly gatewayPorts: number[],
    readonly replicas: number,
  ) {}

  /** The first gateway's port. */
  get gatewayPort(): number {
    return this.gatewayPorts[0]!;
  }

  static async start(storage: StackStorage, shape: StackShape = {}): Promise<ServiceProcesses> {
    const replicas = shape.replicas ?? 1;
    const own = new Map<string, Record<string, string>>();
    const gatewayPorts: number[] = [];
    for (let index = 0; index < (shape.gateways ?? 1); index++) {
      const port = await freePort();
      gatewayPorts.push(port);
      registerGateway(`http://127.0.0.1:${port}`);
      own.set(instanceKey('gateway', index), { PORT: String(port) });
    }
    const wiring: Record<string, string> = {};
    for (const service of SERVICES) {
      const addresses: string[] = [];
      for (let index = 0; index < replicas; index++) {
        const address = `127.0.0.1:${await freePort()}`;
        addresses.push(address);
        const settings: Record<string, string> = {
          [`${service.toUpperCase()}_SERVICE_ADDR`]: address,
          LOG_LEVEL: shape.serviceLogLevel ?? 'info',
        };
        // Each activity-service replica spools to a directory of its own, as each pod has its own volume.
        if (service === 'activity') settings.ACTIVITY_SPOOL_DIR = await mkdtemp(path.join(storage.workDir, 'faults-spool-'));
        own.set(instanceKey(service, index), settings);
      }
      // Callers (the gateway, pdf-service) dial every replica of the services they call.
      wiring[`${service.toUpperCase()}_SERVICE_TARGET`] = addresses.join(',');
    }
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      BCRYPT_COST: '4',
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_EMAIL: '0',
      AUTH_RATE_LIMIT_PER_IP_HOURLY: '0',
      AUTH_RATE_LIMIT_PER_EMAIL_HOURLY: '0',
      // The load comes from one address, at rates the limits per client exist to stop.
      ...CLIENT_LIMITS_OFF,
      DATABASE_URL: storage.databaseUrl,
      REDIS_URL: storage.redisUrl,
      // PDFs: pdf-service's replicas share one directory, as pods share a bucket (S3) or a volume.
      DATA_DIR: await mkdtemp(path.join(storage.workDir, 'faults-data-')),
      // No PDF is rendered here: one layout thread instead of one per CPU.
      PDF_RENDER_THREADS: '1',
      // The gateway's activity queue scaled to this load (about 150 requests/s, not production's thousands): with
      // the default 10,000 a 10 s outage could never fill it, and it would hide a recorder that cannot take events.
      ACTIVITY_QUEUE_LIMIT: '1000',
      HOST: '127.0.0.1',
      // Port 0: each process takes a free one and logs it ("metrics listening").
      ...(shape.metrics
        ? { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1', OTEL_EXPORTER_PROMETHEUS_PORT: '0' }
        : {}),
      ...shape.env,
      ...wiring,
    };
    const stack = new ServiceProcesses(env, own, gatewayPorts, replicas);
    try {
      await Promise.all(
        [...own.keys()].map((key) => {
          const [component, replica] = key.split('#') as [Component, string];
          return stack.launch(component, Number(replica));
        }),
      );
    } catch (error) {
      await stack.stopAll();
      throw error;
    }
    return stack;
  }

  /** Starts a component's replica (again, on the same port, with the same settings) and returns once it listens. */
  async launch(component: Component, replica = 0): Promise<void> {
    const key = instanceKey(component, replica);
    const run = runEntry(entryOf(component), { ...this.env, ...this.own.get(key) });
    this.running.set(key, run);
    this.started.push({ key, run });
    const { child } = run;
    child.once('exit', (code, signal) => {
      this.exits.push({ component, replica, pid: child.pid, code, signal, at: Date.now(), expected: this.stopping.has(child) });
    });
    await run.waitForLog((line) => line.msg === listeningMessageOf(component), START_TIMEOUT_MS);
  }

  /** SIGKILL: the process dies mid-work, as in an OOM kill or a node failure. */
  async kill(component: Component, replica = 0): Promise<void> {
    const { child, exited } = this.processOf(component, replica);
    this.stopping.add(child);
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as an orchestrator stops a pod; resolves with the exit code and when it came. */
  terminate(component: Component, replica = 0): Promise<{ code: number | null; at: number }> {
    const { child, exited } = this.processOf(component, replica);
    this.stopping.add(child);
    child.kill('SIGTERM');
    return exited.then((code) => ({ code, at: Date.now() }));
  }

  /** The process id of a replica's current run (a restart has a new one). */
  pidOf(component: Component, replica = 0): number {
    return this.processOf(component, replica).child.pid!;
  }

  /** The host:port a service's replica listens on. */
  address(service: Service, replica: number): string {
    return this.own.get(instanceKey(service, replica))![`${service.toUpperCase()}_SERVICE_ADDR`]!;
  }

  /** The port a replica serves metrics on (started with `metrics: true`). */
  async metricsPort(component: Component, replica = 0): Promise<number> {
    const line = await this.processOf(component, replica).waitForLog((l) => l.msg === 'metrics listening', 5_000);
    return Number(line.port);
  }

  /** The first line a component logged with this message, if it did. */
  async logLine(component: Component, msg: string, replica = 0): Promise<Record<string, unknown> | undefined> {
    return this.processOf(component, replica)
      .waitForLog((line) => line.msg === msg, 0)
      .catch(() => undefined);
  }

  /** Every line a replica logged that matches, over all its runs (restarts included). */
  logLines(component: Component, replica: number, predicate: (line: Record<string, unknown>) => boolean): Array<Record<string, unknown>> {
    const key = instanceKey(component, replica);
    return this.started.filter((started) => started.key === key).flatMap(({ run }) => run.lines().filter(predicate));
  }

  /** Exits the test did not cause. */
  unexpectedExits(): ProcessExit[] {
    return this.exits.filter((exit) => !exit.expected);
  }

  /** Lines logged at a level by all processes so far, restarted ones included. */
  logLineCount(level: 'warn' | 'error' | 'fatal'): number {
    const marker = `"level":"${level}"`;
    return this.started.reduce((count, { run }) => count + run.output().split(marker).length - 1, 0);
  }

  /** The recent output of a component's replica, for failure messages. */
  outputTail(component: Component, characters = 4_000, replica = 0): string {
    return this.running.get(instanceKey(component, replica))?.output().slice(-characters) ?? '';
  }

  /** SIGKILL whatever still runs: the test is over. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.started.map(async ({ run: { child, exited } }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        this.stopping.add(child);
        child.kill('SIGKILL');
        await exited;
      }),
    );
  }

  private processOf(component: Component, replica: number): Running {
    const run = this.running.get(instanceKey(component, replica));
    if (!run) throw new Error(`${component} replica ${replica} was never started`);
    return run;
  }
}
