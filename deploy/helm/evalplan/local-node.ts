/**
 * This machine as one Kubernetes node, for running the chart's rendered pods as local processes
 * (chart-boot.it.test.ts). Every container runs with exactly its command, args and environment as
 * rendered (ConfigMap and Secret values resolved); what a node would give a pod and a machine does
 * not is stood in for here, and only here:
 *
 * | on a node                                   | here                                                         |
 * |---------------------------------------------|--------------------------------------------------------------|
 * | the image's filesystem, /app                 | this checkout, built; the ENTRYPOINT is deploy/entrypoint.sh |
 * | the image's ENV (deploy/Dockerfile)          | the same variables, under the pod's                          |
 * | a network namespace per pod: 0.0.0.0 is its  | a loopback address per pod (127.x.y.z): a wildcard bind      |
 * |   own address                                |   (HOST, <NAME>_SERVICE_ADDR, the metrics port's host) is it |
 * | cluster DNS: a headless Service's name       | <NAME>_SERVICE_TARGET=<service>:<port> becomes the list of   |
 * |   resolves to its ready pods                 |   its pods' addresses on that port                           |
 * | a ClusterIP Service                          | `serviceUrl`: one of its pods, in turn                       |
 * | an emptyDir at /tmp per pod                  | a directory per pod: /tmp in DATA_DIR, and TMPDIR            |
 * | preStop exec, then SIGTERM, then SIGKILL     | the same command locally, then SIGTERM; the grace period is  |
 * |   after terminationGracePeriodSeconds        |   the caller's to check                                      |
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type KubeObject, type Rendered, environmentOf, ofKind, podOf, selects } from '../checks/manifests';
import { imageEnvironment } from './chart-checks';

/* eslint-disable @typescript-eslint/no-explicit-any -- containers are free-form JSON, checked against their schema elsewhere */

const ROOT = path.resolve(__dirname, '..', '..', '..');

type HealthClient = grpc.Client & {
  Check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (error: Error | null, reply?: { status?: string }) => void,
  ): void;
};
const HealthClient = grpc.makeGenericClientConstructor(healthService, 'Health') as unknown as new (
  address: string,
  credentials: grpc.ChannelCredentials,
) => HealthClient;

export interface LocalPod {
  /** <workload>-<n>, like a pod name. */
  name: string;
  owner: KubeObject;
  labels: Record<string, string>;
  container: any;
  ip: string;
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export class LocalNode {
  readonly pods: LocalPod[] = [];
  private nextAddress = 2;
  /** Which pod of a ClusterIP Service the next request goes to. */
  private turn = 0;
  private readonly network: string;
  private readonly entrypoint: string;

  constructor(
    private readonly objects: readonly Rendered[],
    private readonly scratch: string,
    /** Secrets that exist before the release (an existingSecret), by name. */
    private readonly externalSecrets: Record<string, Record<string, string>> = {},
  ) {
    // A /16 of loopback of its own: runs at the same time on one machine do not meet.
    this.network = `127.${10 + Math.floor(Math.random() * 240)}.${Math.floor(Math.random() * 250)}`;
    // The image's ENTRYPOINT, with the image's /app being this checkout.
    const script = readFileSync(path.join(ROOT, 'deploy', 'entrypoint.sh'), 'utf8');
    if (!script.includes('\ncd /app\n')) throw new Error('deploy/entrypoint.sh no longer starts with `cd /app`: update local-node.ts');
    this.entrypoint = path.join(scratch, 'entrypoint.sh');
    writeFileSync(this.entrypoint, script.replace('\ncd /app\n', `\ncd ${JSON.stringify(ROOT)}\n`));
  }

  /**
   * Starts pods of several workloads together, as a rollout does: every pod is given its address first,
   * so each <NAME>_SERVICE_TARGET resolves to all the callee's pods, whichever starts first.
   */
  run(workloads: ReadonlyArray<{ owner: KubeObject; replicas: number }>): LocalPod[] {
    const placed = workloads.flatMap(({ owner, replicas }) => {
      const template = podOf(owner)!;
      if (template.spec.containers.length !== 1) throw new Error(`${owner.metadata.name}: one container per pod is all this node runs`);
      return Array.from({ length: replicas }, (_, replica) => ({
        name: `${owner.metadata.name}-${replica}`,
        owner,
        labels: template.labels,
        container: template.spec.containers[0],
        ip: `${this.network}.${this.nextAddress++}`,
      }));
    });
    this.placed.push(...placed);
    return placed.map((pod) => this.start(pod));
  }

  private readonly placed: Array<Pick<LocalPod, 'name' | 'owner' | 'labels' | 'ip' | 'container'>> = [];

  private start(placed: Pick<LocalPod, 'name' | 'owner' | 'labels' | 'ip' | 'container'>): LocalPod {
    const tmp = path.join(this.scratch, placed.name, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const resolved = environmentOf(placed.container, this.objects, this.externalSecrets);
    if (resolved.missing.length > 0) throw new Error(`${placed.name}: ${resolved.missing.join(', ')} cannot be resolved`);
    const env = this.nodeEnvironment({ ...imageEnvironment(), ...resolved.env }, placed.ip, tmp);
    const [command, ...args] = [...(placed.container.command ?? ['sh', this.entrypoint]), ...(placed.container.args ?? [])];
    const child = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const pod: LocalPod = { ...placed, env, child, output: () => output, exited };
    this.pods.push(pod);
    return pod;
  }

  /** The pod's environment with the node's stand-ins (the table above). */
  private nodeEnvironment(env: Record<string, string>, ip: string, tmp: string): Record<string, string> {
    const mapped: Record<string, string> = {};
    for (const [name, value] of Object.entries(env)) {
      if (name === 'HOST' || name.endsWith('_SERVICE_ADDR')) mapped[name] = value.replace(/^0\.0\.0\.0(?=:|$)/, ip);
      else if (name.endsWith('_SERVICE_TARGET')) mapped[name] = this.resolveTarget(value);
      else if (name === 'DATA_DIR') mapped[name] = value.replace(/^\/tmp(?=\/|$)/, tmp);
      else mapped[name] = value;
    }
    return {
      ...mapped,
      OTEL_EXPORTER_PROMETHEUS_HOST: ip,
      TMPDIR: tmp,
      // `node` in the entrypoint is the one running this test.
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
    };
  }

  /** <service>:<port> as cluster DNS answers for a headless Service: every pod it selects, on that port. */
  private resolveTarget(target: string): string {
    const [host, port] = target.split(':');
    const service = ofKind(this.objects, 'Service').find((candidate) => candidate.metadata.name === host);
    if (!service) return target; // not the chart's: left as given
    if (service.spec.clusterIP !== 'None') throw new Error(`${host}: only headless Services are resolved to their pods here`);
    const pods = this.placed.filter(
      (pod) => pod.owner.kind === 'Deployment' && selects({ matchLabels: service.spec.selector }, pod.labels),
    );
    if (pods.length === 0) throw new Error(`${host} selects no pod of this run`);
    return pods.map((pod) => `${pod.ip}:${port}`).join(',');
  }

  /** A ClusterIP Service's URL for one request: its pods in turn, on the port its `port` leads to. */
  serviceUrl(name: string, portName: string): string {
    const service = ofKind(this.objects, 'Service').find((candidate) => candidate.metadata.name === name)!;
    const pods = this.pods.filter((pod) => pod.owner.kind === 'Deployment' && selects({ matchLabels: service.spec.selector }, pod.labels));
    const pod = pods[this.turn++ % pods.length]!;
    const servicePort = service.spec.ports.find((port: any) => port.name === portName);
    const containerPort = pod.container.ports.find(
      (port: any) => port.name === servicePort.targetPort || port.containerPort === servicePort.targetPort,
    );
    return `http://${pod.ip}:${containerPort.containerPort}`;
  }

  /** Stops a pod as the kubelet does: its preStop command, then SIGTERM. Resolves with the exit code and the time it took. */
  async terminate(pod: LocalPod): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    const preStop = pod.container.lifecycle?.preStop?.exec?.command as string[] | undefined;
    if (preStop) {
      await new Promise<void>((resolve, reject) =>
        spawn(preStop[0]!, preStop.slice(1), { stdio: 'ignore' })
          .on('exit', () => resolve())
          .on('error', reject),
      );
    }
    pod.child.kill('SIGTERM');
    const code = await pod.exited;
    return { code, ms: Date.now() - started };
  }

  /**
   * One probe as the kubelet runs it: HTTP GET to the pod's address (200-399 passes) or a
   * grpc.health.v1 Check of its `service` (SERVING passes), within timeoutSeconds (default 1).
   */
  async probe(pod: LocalPod, kind: 'startupProbe' | 'livenessProbe' | 'readinessProbe'): Promise<boolean> {
    const probe = pod.container[kind];
    if (!probe) return true;
    const timeoutMs = (probe.timeoutSeconds ?? 1) * 1000;
    const port = (named: number | string): number =>
      typeof named === 'number' ? named : pod.container.ports.find((candidate: any) => candidate.name === named).containerPort;
    if (probe.httpGet) {
      const url = `http://${pod.ip}:${port(probe.httpGet.port)}${probe.httpGet.path ?? '/'}`;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        await response.arrayBuffer();
        return response.status >= 200 && response.status < 400;
      } catch {
        return false;
      }
    }
    if (probe.grpc) {
      const client = new HealthClient(`${pod.ip}:${port(probe.grpc.port)}`, grpc.credentials.createInsecure());
      try {
        const status = await new Promise<string | undefined>((resolve) =>
          client.Check({ service: probe.grpc.service ?? '' }, { deadline: Date.now() + timeoutMs }, (error, reply) =>
            resolve(error ? undefined : reply?.status),
          ),
        );
        return status === 'SERVING';
      } finally {
        client.close();
      }
    }
    throw new Error(`${pod.name}: ${kind} is neither httpGet nor grpc`);
  }

  /**
   * Waits, as the kubelet does, until the pod's startup probe passes (every periodSeconds, failing the
   * pod after failureThreshold misses), then until its readiness probe passes; the time it took.
   */
  async waitReady(pod: LocalPod): Promise<number> {
    const started = Date.now();
    const every = async (kind: 'startupProbe' | 'readinessProbe', attempts: number): Promise<void> => {
      const period = (pod.container[kind]?.periodSeconds ?? 10) * 1000;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (pod.child.exitCode !== null) throw new Error(`${pod.name} exited with ${pod.child.exitCode}:\n${pod.output()}`);
        if (await this.probe(pod, kind)) return;
        await new Promise((resolve) => setTimeout(resolve, period));
      }
      throw new Error(`${pod.name}: ${kind} failed ${attempts} times:\n${pod.output()}`);
    };
    await every('startupProbe', pod.container.startupProbe?.failureThreshold ?? 3);
    // Readiness never fails a pod; a pod that is not ready after as long again is a failure here.
    await every('readinessProbe', pod.container.startupProbe?.failureThreshold ?? 30);
    return Date.now() - started;
  }

  /** Kills whatever is still running (after a failed test). */
  killAll(): void {
    for (const pod of this.pods) if (pod.child.exitCode === null && pod.child.signalCode === null) pod.child.kill('SIGKILL');
  }
}
