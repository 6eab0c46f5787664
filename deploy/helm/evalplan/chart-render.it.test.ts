/**
 * The chart rendered as `helm template` renders it (deploy/helm/engine, Go text/template with sprig and
 * Helm's functions), in every combination an operator may choose, and each result checked:
 * - against the Kubernetes API of the oldest version the chart supports (Chart.yaml's kubeVersion) and
 *   of the newest, unknown fields being errors (checks/kube-types.ts);
 * - for what must hold between its objects: Services and ServiceMonitors select what exists, probes
 *   and policies name ports the containers listen on, the migration Job runs before everything else
 *   (checks/consistency.ts);
 * - against the code: each process gets what its settings loader reads, nothing else, and starts;
 *   the NetworkPolicies allow exactly the calls the code makes (chart-checks.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { engineBinary, renderChart } from '../engine';
import {
  allowedConnections,
  externalEgressPorts,
  hookOrderProblems,
  probeProblems,
  serviceMonitorProblems,
  serviceProblems,
} from '../checks/consistency';
import { type KubernetesVersion, kubernetesSchemaProblems } from '../checks/kube-types';
import { type Rendered, hookPhases, hookWeight, ofKind, parseManifests } from '../checks/manifests';
import { type Values, mergeValues } from '../checks/values';
import { LOADERS, callsOf, environmentProblems, loadWith, outsideServicesOf, processesOf } from './chart-checks';

const CHART = __dirname;
const defaults = YAML.parse(readFileSync(path.join(CHART, 'values.yaml'), 'utf8')) as Values;
const chartYaml = YAML.parse(readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8')) as { kubeVersion: string };

/** The oldest Kubernetes the chart supports (Chart.yaml) and the newest there is a schema for. */
const KUBERNETES: Array<[KubernetesVersion, string]> = [
  ['1.27', '1.27.0'],
  ['1.36', '1.36.0'],
];

const SECRETS = {
  secret: {
    values: {
      JWT_SECRET: 'j'.repeat(40),
      PASSWORD_HASH_KEY: 'p'.repeat(40),
      DATABASE_URL: 'postgres://evalplan:pw@postgres.db.svc:5432/evalplan',
      REDIS_URL: 'redis://redis.cache.svc:6379',
    },
  },
};
/** What an existing Secret named evalplan-secrets holds, for resolving the pods' references to it. */
const EXISTING_SECRET = {
  'evalplan-secrets': { ...SECRETS.secret.values, S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', SMTP_URL: 'smtp://mail.example.com:587' },
};
const S3 = {
  config: { S3_ENDPOINT: 'http://minio.storage.svc:9000', S3_BUCKET: 'evalplan-pdfs' },
  secret: { values: { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' } },
};
const COMPONENTS = ['gateway', 'auth-service', 'wizard-service', 'pdf-service', 'activity-service'];
const eachComponent = (settings: Values): Values => ({ components: Object.fromEntries(COMPONENTS.map((name) => [name, settings])) });

/** Each combination an operator may choose: its values over the chart's defaults. */
const COMBINATIONS: Record<string, Values[]> = {
  'the defaults with the secrets an install must give': [SECRETS],
  'the example production values (ci/production-values.yaml)': [
    YAML.parse(readFileSync(path.join(CHART, 'ci', 'production-values.yaml'), 'utf8')) as Values,
  ],
  'an existing Secret': [{ secret: { existingSecret: 'evalplan-secrets' } }],
  'S3 on, three pdf-service pods': [SECRETS, S3, { components: { 'pdf-service': { replicas: 3 } } }],
  'autoscaling off everywhere': [SECRETS, eachComponent({ autoscaling: { enabled: false } })],
  'autoscaling on everywhere': [SECRETS, S3, eachComponent({ autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 4 } })],
  'every optional object on (ingress, ServiceMonitor, NetworkPolicy, PDB)': [
    SECRETS,
    {
      ingress: {
        enabled: true,
        className: 'nginx',
        hosts: ['evalplan.example.com'],
        tls: [{ secretName: 'evalplan-tls', hosts: ['evalplan.example.com'] }],
      },
      metrics: { serviceMonitor: { enabled: true, labels: { release: 'prometheus' } } },
      networkPolicy: { enabled: true },
      ...eachComponent({ pdb: { enabled: true, maxUnavailable: 1 } }),
    },
  ],
  'every optional object off, no ServiceAccount made, migrations at start': [
    SECRETS,
    {
      ingress: { enabled: false },
      metrics: { serviceMonitor: { enabled: false } },
      networkPolicy: { enabled: false },
      serviceAccount: { create: false },
      migrations: { enabled: false },
      ...eachComponent({ pdb: { enabled: false } }),
    },
  ],
  'mail, a renderer and traces configured': [
    SECRETS,
    {
      config: {
        PDF_HTML_RENDERER_URL: 'http://gotenberg.renderer.svc:3000/forms/chromium/convert/html',
        MAIL_FROM: 'evalplan <no-reply@example.com>',
        PASSWORD_RESET_URL: 'https://app.example.com/reset-password',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability.svc:4318',
      },
      secret: { values: { SMTP_URL: 'smtp://mail.example.com:587' } },
    },
  ],
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'chart-render-'));
// Built once up front: the first build of the engine on a machine takes about 30 s.
beforeAll(() => void engineBinary(), 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** Renders the chart (or a copy of it) with these values; resolves with its objects, or rejects with the engine's error. */
async function render(overrides: Values[], kubernetes = '1.36.0', chart = CHART): Promise<Rendered[]> {
  const args = ['evalplan', chart, '--kube-version', kubernetes];
  for (const values of overrides) {
    const file = path.join(scratch, `values-${files++}.yaml`);
    writeFileSync(file, YAML.stringify(values));
    args.push('-f', file);
  }
  const result = await renderChart(args);
  if (result.code !== 0) throw new Error(result.stderr.trim());
  return parseManifests(result.stdout);
}

const valuesOf = (overrides: Values[]): Values => overrides.reduce<Values>((values, over) => mergeValues(values, over) as Values, defaults);

/** The gRPC calls the code makes (gateway -> every service, wizard -> pdf, auth -> wizard and activity). */
const CODE_CALLS = [
  'auth-service -> activity-service:50054',
  'auth-service -> wizard-service:50052',
  'gateway -> activity-service:50054',
  'gateway -> auth-service:50051',
  'gateway -> pdf-service:50053',
  'gateway -> wizard-service:50052',
  'wizard-service -> pdf-service:50053',
];

describe.each(KUBERNETES)('the chart on Kubernetes %s', (schema, kubernetes) => {
  describe.each(Object.entries(COMBINATIONS))('%s', (_name, overrides) => {
    let objects: Rendered[];
    const values = valuesOf(overrides);
    beforeAll(async () => {
      objects = await render(overrides, kubernetes);
    });

    it("is valid against the API's schema: no unknown field, no wrong type, nothing required missing", () => {
      expect(objects.length).toBeGreaterThan(10);
      expect(kubernetesSchemaProblems(objects, schema)).toEqual([]);
    });

    it('holds together: Services, ServiceMonitors, probes and the migration Job', () => {
      expect([
        ...serviceProblems(objects),
        ...serviceMonitorProblems(objects),
        ...probeProblems(objects),
        ...hookOrderProblems(objects),
      ]).toEqual([]);
    });

    it('gives each process what its code reads, and nothing else, and each would start', () => {
      const external = (values.secret as { existingSecret: string }).existingSecret ? EXISTING_SECRET : {};
      const { processes, problems } = processesOf(objects, external);
      expect(problems).toEqual([]);
      expect(environmentProblems(processes, values)).toEqual([]);
      const migrations = (values.migrations as { enabled: boolean }).enabled;
      expect(processes.map((process) => process.component).sort()).toEqual([...COMPONENTS, ...(migrations ? ['migrate'] : [])].sort());
      // Migrating before the Deployments: every service skips its own migrations only then.
      for (const process of processes.filter((candidate) => candidate.owner.kind === 'Deployment' && 'DATABASE_URL' in candidate.env)) {
        expect([process.component, process.env.RUN_MIGRATIONS]).toEqual([process.component, migrations ? 'false' : undefined]);
      }
    });

    it('lets exactly the calls the code makes through, and each process only to the outside services it uses', () => {
      const { processes } = processesOf(objects, EXISTING_SECRET);
      const { calls, problems } = callsOf(objects, processes);
      expect(problems).toEqual([]);
      expect(calls).toEqual(CODE_CALLS);
      if (!(values.networkPolicy as { enabled: boolean }).enabled) {
        expect(ofKind(objects, 'NetworkPolicy')).toEqual([]);
        return;
      }
      const componentOf = (pod: { owner: { metadata: { labels?: Record<string, string> } } }) =>
        pod.owner.metadata.labels!['app.kubernetes.io/component']!;
      // Between the chart's pods: the gRPC calls and nothing else (the metrics port only from outside).
      expect(allowedConnections(objects, componentOf)).toEqual(CODE_CALLS);
      const egress = values.networkPolicy as { egress: Record<string, { ports: number[] }> };
      for (const process of processes.filter((candidate) => candidate.owner.kind === 'Deployment')) {
        const used = outsideServicesOf(process);
        const allowed = externalEgressPorts(objects, process);
        // Every outside service it uses is reachable on the port its URL names...
        for (const [service, port] of Object.entries(used))
          expect([process.component, service, allowed.has(port)]).toEqual([process.component, service, true]);
        // ...and it reaches nothing but DNS and the ports of those services.
        const permitted = new Set([53, ...Object.keys(used).flatMap((service) => egress.egress[service]!.ports)]);
        expect([process.component, [...allowed].filter((port) => !permitted.has(port))]).toEqual([process.component, []]);
      }
    });
  });
});

describe('optional objects appear exactly when asked for', () => {
  const kindsOf = async (overrides: Values[]) => {
    const counts: Record<string, number> = {};
    for (const { object } of await render(overrides)) counts[object.kind] = (counts[object.kind] ?? 0) + 1;
    return counts;
  };

  it('by default: five of each per component, HPAs for the three autoscaled, the migration Job and its Secret as hooks', async () => {
    const objects = await render([SECRETS]);
    const counts = await kindsOf([SECRETS]);
    expect(counts).toMatchObject({
      Deployment: 5,
      Service: 5,
      ConfigMap: 5,
      NetworkPolicy: 5,
      PodDisruptionBudget: 5,
      HorizontalPodAutoscaler: 3,
      ServiceAccount: 1,
      Job: 1,
      Secret: 2,
      Pod: 1,
    });
    expect(counts.Ingress).toBeUndefined();
    expect(counts.ServiceMonitor).toBeUndefined();
    const [job] = ofKind(objects, 'Job');
    const migrationSecret = ofKind(objects, 'Secret').find((secret) => hookPhases(secret).length > 0)!;
    expect(hookPhases(job!)).toEqual(['pre-install', 'pre-upgrade']);
    expect(hookWeight(migrationSecret)).toBeLessThan(hookWeight(job!));
  });

  it('ingress and ServiceMonitor when enabled; no NetworkPolicy, PDB, ServiceAccount or Job when disabled', async () => {
    const on = await kindsOf(COMBINATIONS['every optional object on (ingress, ServiceMonitor, NetworkPolicy, PDB)']!);
    expect(on).toMatchObject({ Ingress: 1, ServiceMonitor: 1, NetworkPolicy: 5, PodDisruptionBudget: 5 });
    const off = await kindsOf(COMBINATIONS['every optional object off, no ServiceAccount made, migrations at start']!);
    for (const kind of ['Ingress', 'ServiceMonitor', 'NetworkPolicy', 'PodDisruptionBudget', 'ServiceAccount', 'Job'])
      expect([kind, off[kind]]).toEqual([kind, undefined]);
  });

  it('an HPA for each autoscaled component, and then no replicas on its Deployment', async () => {
    const on = await render(COMBINATIONS['autoscaling on everywhere']!);
    expect(ofKind(on, 'HorizontalPodAutoscaler')).toHaveLength(5);
    for (const deployment of ofKind(on, 'Deployment')) expect(deployment.spec.replicas).toBeUndefined();
    const off = await render(COMBINATIONS['autoscaling off everywhere']!);
    expect(ofKind(off, 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(Object.fromEntries(ofKind(off, 'Deployment').map((deployment) => [deployment.metadata.name, deployment.spec.replicas]))).toEqual(
      {
        'evalplan-gateway': 2,
        'evalplan-auth-service': 2,
        'evalplan-wizard-service': 2,
        'evalplan-pdf-service': 1,
        'evalplan-activity-service': 1,
      },
    );
  });

  it('no Secret of its own with an existing one, and every reference to that one', async () => {
    const objects = await render([{ secret: { existingSecret: 'evalplan-secrets' } }]);
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const refs = JSON.stringify(objects).match(/"secretKeyRef":\{"name":"([^"]+)"/g) ?? [];
    expect(new Set(refs)).toEqual(new Set(['"secretKeyRef":{"name":"evalplan-secrets"']));
  });
});

describe('what the chart knows of the code', () => {
  it('every setting any component reads can be given in `config`, and reaches exactly the components that read it', async () => {
    // Every variable each loader reads (with nothing set), but those the chart sets itself or takes from the Secret.
    const SET_BY_CHART = /^(HOST|PORT|COMPONENT|RUN_MIGRATIONS|[A-Z]+_SERVICE_(ADDR|TARGET))$/;
    const secretKeys = Object.keys((defaults.secret as { values: Values }).values);
    const readers = new Map<string, string[]>();
    for (const component of Object.keys(LOADERS)) {
      for (const name of loadWith(component, {}).reads) {
        if (SET_BY_CHART.test(name) || secretKeys.includes(name)) continue;
        readers.set(name, [...(readers.get(name) ?? []), component]);
      }
    }
    // Values the values schema accepts for the names it constrains; any text does for the rest (they are only copied).
    const SAMPLES: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL: 'debug', TRUST_PROXY: 'true', COOKIE_SECURE: 'true' };
    const config = Object.fromEntries(
      [...readers.keys()].map((name) => [
        name,
        SAMPLES[name] ?? (/URL|ENDPOINT/.test(name) ? `https://${name.toLowerCase()}.example.com` : `value-of-${name}`),
      ]),
    );
    // Without activity-service's own ACTIVITY_SPOOL_MAX_BYTES (null removes it, as in helm): it would win over `config`.
    const overrides = [SECRETS, S3, { config }, { components: { 'activity-service': { env: { ACTIVITY_SPOOL_MAX_BYTES: null } } } }];
    const { processes, problems } = processesOf(await render(overrides));
    expect(problems).toEqual([]);
    // Loaders refuse the placeholder texts; here only where each value goes is checked.
    expect(environmentProblems(processes, valuesOf(overrides), false)).toEqual([]);
    for (const [name, components] of readers) {
      const getting = processes.filter((process) => process.env[name] === config[name]).map((process) => process.component);
      expect([name, getting.sort()]).toEqual([name, components.sort()]);
    }
  });

  it('writes numbers as numbers (1000000, not 1e+06), in config and in a component env', async () => {
    const { processes } = processesOf(
      await render([
        SECRETS,
        {
          config: { PDF_KEEP_VERSIONS: 1000, ACTIVITY_QUEUE_LIMIT: 1000000 },
          components: { gateway: { env: { ACTIVITY_BATCH_SIZE: 2500000 } } },
        },
      ]),
    );
    const gateway = processes.find((process) => process.component === 'gateway')!;
    expect(gateway.env).toMatchObject({ ACTIVITY_QUEUE_LIMIT: '1000000', ACTIVITY_BATCH_SIZE: '2500000' });
    expect(processes.find((process) => process.component === 'pdf-service')!.env.PDF_KEEP_VERSIONS).toBe('1000');
  });
});

describe('what the chart refuses, with the reason', () => {
  const refusal = (overrides: Values[], kubernetes?: string) =>
    render(overrides, kubernetes).then(
      () => '',
      (error: Error) => error.message,
    );

  it('an install without the required secrets', async () => {
    expect(await refusal([])).toMatch(/values don't meet the specifications of the schema[\s\S]*JWT_SECRET/);
  });

  it('a `config` key no component reads (a misspelt one)', async () => {
    expect(await refusal([SECRETS, { config: { LOG_LEVLE: 'debug' } }])).toMatch(/config: no component reads LOG_LEVLE/);
  });

  it(`a Kubernetes older than Chart.yaml's kubeVersion (${chartYaml.kubeVersion})`, async () => {
    expect(await refusal([SECRETS], '1.26.9')).toMatch(
      /chart requires kubeVersion: >=1\.27\.0-0 which is incompatible with Kubernetes v1\.26\.9/,
    );
  });
});

describe('a deliberately broken chart is caught', () => {
  /** A copy of the chart with one template changed. */
  function brokenChart(template: string, change: (text: string) => string): string {
    const copy = mkdtempSync(path.join(scratch, 'broken-'));
    cpSync(CHART, copy, { recursive: true });
    const file = path.join(copy, 'templates', template);
    const before = readFileSync(file, 'utf8');
    const after = change(before);
    expect(after).not.toBe(before);
    writeFileSync(file, after);
    return copy;
  }

  it('a wrong probe port', async () => {
    const chart = brokenChart('deployment.yaml', (text) =>
      text.replace(
        'grpc: { port: {{ $component.port }}, service: liveness }',
        'grpc: { port: {{ add $component.port 1 }}, service: liveness }',
      ),
    );
    const problems = probeProblems(await render([SECRETS], '1.36.0', chart));
    expect(problems).toContain(
      'Deployment/evalplan-auth-service container auth-service: startupProbe port 50052 is not a port it listens on',
    );
  });

  it('an env var a pod needs but never gets', async () => {
    const chart = brokenChart('_helpers.tpl', (text) =>
      text.replace('  secrets: [DATABASE_URL]\n  calls: [pdf-service]', '  secrets: []\n  calls: [pdf-service]'),
    );
    const { processes } = processesOf(await render([SECRETS], '1.36.0', chart));
    expect(environmentProblems(processes, valuesOf([SECRETS]))).toContain(
      'Deployment/evalplan-wizard-service does not get DATABASE_URL, which wizard-service reads',
    );
  });

  it('a misplaced nindent', async () => {
    // The selector's labels land one level up, as fields of the Service's spec.
    const chart = brokenChart('service.yaml', (text) =>
      text.replace(
        '{{- include "evalplan.selectorLabels" $selector | nindent 4 }}',
        '{{- include "evalplan.selectorLabels" $selector | nindent 2 }}',
      ),
    );
    const objects = await render([SECRETS], '1.36.0', chart);
    expect(kubernetesSchemaProblems(objects, '1.27')).toContain(
      `Service/evalplan-gateway (evalplan/templates/service.yaml): "selector": Type 'null' is not assignable to type '{ [key: string]: string; } | undefined'.`,
    );
    expect(serviceProblems(objects)).toContain('Service/evalplan-gateway has no selector');
  });

  it('a template that is not YAML', async () => {
    const chart = brokenChart('service.yaml', (text) => text.replace('  type: ClusterIP', '  type: ClusterIP\n   clusterIP: [unclosed'));
    await expect(render([SECRETS], '1.36.0', chart)).rejects.toThrow(/YAML parse error on evalplan\/templates\/service\.yaml/);
  });
});
