/**
 * What the evalplan chart must give each process, checked against the code itself: every component's
 * settings loader is run on the environment its pod would get, recording the variables it reads.
 * A pod must get every value an operator set that its component reads, nothing its component does
 * not read, and an environment its component starts with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadActivityConfig } from '@evalplan/activity-service';
import { loadAuthConfig } from '@evalplan/auth-service';
import { loadGatewayConfig } from '@evalplan/gateway';
import { loadPdfConfig } from '@evalplan/pdf-service';
import { loadMigrateConfig } from '@evalplan/stack';
import { loadWizardConfig } from '@evalplan/wizard-service';
import { type KubeObject, type Rendered, environmentOf, ofKind, podsOf, resolvePort, selects } from '../checks/manifests';
import type { Values } from '../checks/values';

type Env = Record<string, string | undefined>;

/** Each process the chart runs (its COMPONENT) and the loader of its settings. */
export const LOADERS: Record<string, (env: Env) => unknown> = {
  gateway: loadGatewayConfig,
  'auth-service': loadAuthConfig,
  'wizard-service': loadWizardConfig,
  'pdf-service': loadPdfConfig,
  'activity-service': loadActivityConfig,
  migrate: loadMigrateConfig,
};

let imageEnv: Record<string, string> | undefined;

/** The image's own environment (deploy/Dockerfile, the runtime stage's ENV), under every pod's; read once. */
export function imageEnvironment(): Record<string, string> {
  if (imageEnv) return imageEnv;
  const dockerfile = readFileSync(path.join(__dirname, '..', '..', 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)?.[1] ?? '';
  imageEnv = {};
  for (const [, name, value] of block.matchAll(/\b(\w+)=(\S*)/g)) if (!value!.startsWith('$')) imageEnv[name!] = value!;
  return imageEnv;
}

/** The variables a loader reads from env, and whether it accepts them (its problems if not). */
export function loadWith(component: string, env: Env): { reads: Set<string>; problems: string[] } {
  const reads = new Set<string>();
  const recording = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') reads.add(name);
      return target[name as string];
    },
  });
  try {
    LOADERS[component]!(recording);
    return { reads, problems: [] };
  } catch (error) {
    return { reads, problems: (error as { problems?: string[] }).problems ?? [String(error)] };
  }
}

/** Variables a process gets that its settings loader does not read: the entry point's and OpenTelemetry's own. */
const READ_ELSEWHERE = (name: string): boolean => name === 'COMPONENT' || name.startsWith('OTEL_');

/** A value as the chart writes it into an environment variable. */
export const envText = (value: unknown): string => (typeof value === 'number' ? JSON.stringify(value) : String(value));

export interface Process {
  component: string;
  owner: KubeObject;
  labels: Record<string, string>;
  spec: unknown;
  /** Its environment: the image's, under what the pod spec gives. */
  env: Record<string, string>;
  /** The variables the pod spec gives (not the image). */
  given: string[];
}

/** Every process of the rendered chart (a Deployment's or the migration Job's container) with its environment resolved. */
export function processesOf(
  objects: readonly Rendered[],
  externalSecrets: Record<string, Record<string, string>> = {},
): { processes: Process[]; problems: string[] } {
  const problems: string[] = [];
  const processes: Process[] = [];
  for (const pod of podsOf(objects)) {
    if (!['Deployment', 'Job'].includes(pod.owner.kind)) continue;
    for (const container of (pod.spec as { containers: unknown[] }).containers) {
      const resolved = environmentOf(container, objects, externalSecrets);
      const env = { ...imageEnvironment(), ...resolved.env };
      for (const missing of resolved.missing) problems.push(`${pod.owner.metadata.name}: ${missing} is referenced but not there`);
      if (!LOADERS[env.COMPONENT ?? '']) {
        problems.push(`${pod.owner.metadata.name}: COMPONENT=${env.COMPONENT} is not a component`);
        continue;
      }
      processes.push({
        component: env.COMPONENT!,
        owner: pod.owner,
        labels: pod.labels,
        spec: pod.spec,
        env,
        given: Object.keys(resolved.env),
      });
    }
  }
  return { processes, problems };
}

/**
 * Problems of each process's environment: a variable its component does not read; a value the operator
 * set (config, secret.values, the component's env) that its component reads but does not get, or gets
 * changed; and, when `mustStart`, any problem its settings loader reports.
 */
export function environmentProblems(processes: readonly Process[], values: Values, mustStart = true): string[] {
  const problems: string[] = [];
  const components = values.components as Record<string, { env?: Record<string, unknown> }>;
  for (const process of processes) {
    const { reads, problems: refused } = loadWith(process.component, process.env);
    const who = `${process.owner.kind}/${process.owner.metadata.name}`;
    for (const name of process.given) {
      if (!reads.has(name) && !READ_ELSEWHERE(name)) problems.push(`${who} gets ${name}, which ${process.component} does not read`);
    }
    const given: Record<string, unknown> = {
      ...(values.config as Values),
      ...((values.secret as { values: Values }).values ?? {}),
      ...(components[process.component]?.env ?? {}),
    };
    for (const [name, value] of Object.entries(given)) {
      if (value === '' || value === null || value === undefined || !reads.has(name)) continue;
      if (process.env[name] === undefined) problems.push(`${who} does not get ${name}, which ${process.component} reads`);
      else if (process.env[name] !== envText(value) && !name.endsWith('_TARGET')) {
        problems.push(`${who} gets ${name}=${JSON.stringify(process.env[name])}, not ${JSON.stringify(envText(value))}`);
      }
    }
    if (mustStart) for (const problem of refused) problems.push(`${who} would not start: ${problem}`);
  }
  return problems;
}

/** The component a <NAME>_SERVICE_TARGET variable points at: AUTH_SERVICE_TARGET -> auth-service. */
const targetComponent = (variable: string): string =>
  variable
    .replace(/_TARGET$/, '')
    .toLowerCase()
    .replace(/_/g, '-');

/**
 * Every gRPC call the processes would make: each <NAME>_SERVICE_TARGET must name a Service of the
 * chart, on a port that leads to a port the callee's pods listen on. Gives the calls as
 * "caller -> callee:port", and the problems.
 */
export function callsOf(objects: readonly Rendered[], processes: readonly Process[]): { calls: string[]; problems: string[] } {
  const calls = new Set<string>();
  const problems: string[] = [];
  for (const process of processes) {
    for (const [name, value] of Object.entries(process.env)) {
      if (!/^[A-Z]+_SERVICE_TARGET$/.test(name)) continue;
      const callee = targetComponent(name);
      const [host, port] = value.split(':');
      const service = ofKind(objects, 'Service').find((candidate) => candidate.metadata.name === host);
      const servicePort = service?.spec.ports.find((candidate: { port: number }) => candidate.port === Number(port));
      const pods = processes.filter(
        (candidate) =>
          candidate.owner.kind === 'Deployment' && service && selects({ matchLabels: service.spec.selector }, candidate.labels),
      );
      if (!service || !servicePort) {
        problems.push(`${process.component}: ${name}=${value} is not a Service port of the chart`);
      } else if (pods.length === 0 || pods.some((pod) => pod.component !== callee)) {
        problems.push(`${process.component}: ${name}=${value} does not lead to ${callee}`);
      } else {
        for (const pod of pods) {
          // A headless Service's name resolves to the pods themselves: the caller's port is used as it is.
          const headless = service.spec.clusterIP === 'None';
          const target = resolvePort(headless ? Number(port) : (servicePort.targetPort ?? servicePort.port), pod.spec);
          if (target === undefined) problems.push(`${process.component}: ${name} leads to a port ${callee} does not listen on`);
          else calls.add(`${process.component} -> ${callee}:${target}`);
        }
      }
    }
  }
  return { calls: [...calls].sort(), problems };
}

/** The outside services a process uses, from the URLs in its environment: name -> port. */
export function outsideServicesOf(process: Process): Record<string, number> {
  const DEFAULT_PORTS: Record<string, number> = {
    'postgres:': 5432,
    'postgresql:': 5432,
    'redis:': 6379,
    'rediss:': 6379,
    'http:': 80,
    'https:': 443,
    'smtp:': 587,
    'smtps:': 465,
  };
  const URLS: Record<string, string> = {
    DATABASE_URL: 'postgresql',
    REDIS_URL: 'redis',
    S3_ENDPOINT: 's3',
    PDF_HTML_RENDERER_URL: 'htmlRenderer',
    SMTP_URL: 'smtp',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'otlp',
  };
  const { reads } = loadWith(process.component, process.env);
  const used: Record<string, number> = {};
  for (const [variable, service] of Object.entries(URLS)) {
    const value = process.env[variable];
    if (!value || (!reads.has(variable) && !variable.startsWith('OTEL_'))) continue;
    const url = new URL(value);
    used[service] = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol]!;
  }
  return used;
}
