/**
 * The chart's values and files, checked without rendering: values.schema.json (ajv, draft-07 as helm
 * reads it) accepts the defaults with the required secrets and the example production values, and
 * refuses impossible values; the templates hold the objects and annotations they must; the README
 * documents every value. The rendered chart is checked in chart-render.it.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadGatewayConfig } from '@evalplan/gateway';
import Ajv, { type ErrorObject } from 'ajv';
import YAML from 'yaml';
import { expectHardenedGotenberg } from '../../hardened-renderer';
import { mergeValues as merge } from '../checks/values';

const chart = __dirname;
const read = (file: string): string => readFileSync(path.join(chart, file), 'utf8');
type Values = Record<string, unknown>;

const defaults = YAML.parse(read('values.yaml')) as Values;
const production = YAML.parse(read('ci/production-values.yaml')) as Values;
const schema = JSON.parse(read('values.schema.json')) as Values;
const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(schema);

/** The install's secrets, as `--set secret.values.X=...` would give them. */
const SECRETS = {
  secret: {
    values: {
      JWT_SECRET: 'x'.repeat(40),
      PASSWORD_HASH_KEY: 'p'.repeat(40),
      DATABASE_URL: 'postgres://evalplan:pw@postgres:5432/evalplan',
      REDIS_URL: 'redis://redis:6379',
    },
  },
};
const S3 = {
  config: { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'evalplan-pdfs' },
  secret: { values: { S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' } },
};
const withDefaults = (...overrides: unknown[]): Values => overrides.reduce((values, over) => merge(values, over), defaults) as Values;

function errorsOf(values: Values): ErrorObject[] {
  return validate(values) ? [] : (validate.errors ?? []);
}
const where = (errors: ErrorObject[]): string[] => errors.map((error) => `${error.instancePath} ${error.schemaPath}`);

describe('values.schema.json', () => {
  it('accepts the defaults with the secrets an install must give, and the example production values', () => {
    expect(where(errorsOf(withDefaults(SECRETS)))).toEqual([]);
    expect(where(errorsOf(withDefaults(production)))).toEqual([]);
    expect(where(errorsOf(withDefaults({ secret: { existingSecret: 'evalplan-secrets' } })))).toEqual([]);
    expect(where(errorsOf(withDefaults(SECRETS, S3, { components: { 'pdf-service': { replicas: 3 } } })))).toEqual([]);
  });

  it('refuses the defaults alone: the secrets are missing', () => {
    const errors = errorsOf(defaults);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error.schemaPath).toMatch(/^#\/definitions\/(secretsGivenOrExisting|gatewayReplicasNeedRedis)\//);
    expect(where(errors)).toContainEqual(expect.stringContaining('/secret/values/JWT_SECRET'));
    expect(where(errors)).toContainEqual(expect.stringContaining('/secret/values/PASSWORD_HASH_KEY'));
  });

  // Each wrong value, the rule that must refuse it (a fragment of the schema path or the value's path).
  const WRONG: Array<[string, unknown, string]> = [
    ['more than one pdf-service pod on local storage', { components: { 'pdf-service': { replicas: 2 } } }, 'pdfServiceReplicasNeedS3'],
    [
      'pdf-service autoscaled beyond one pod on local storage',
      { components: { 'pdf-service': { autoscaling: { enabled: true, minReplicas: 1, maxReplicas: 3 } } } },
      'pdfServiceReplicasNeedS3',
    ],
    [
      'more than one gateway pod without Redis',
      { components: { gateway: { autoscaling: { enabled: false }, replicas: 2 } }, secret: { values: { REDIS_URL: '' } } },
      'gatewayReplicasNeedRedis',
    ],
    ['no JWT secret', { secret: { values: { JWT_SECRET: '' } } }, 'secretsGivenOrExisting'],
    ['a JWT secret under 32 characters', { secret: { values: { JWT_SECRET: 'short' } } }, 'secretsGivenOrExisting'],
    ['no password hash key', { secret: { values: { PASSWORD_HASH_KEY: '' } } }, 'secretsGivenOrExisting'],
    ['a password hash key under 32 characters', { secret: { values: { PASSWORD_HASH_KEY: 'short' } } }, 'secretsGivenOrExisting'],
    ['no database URL', { secret: { values: { DATABASE_URL: '' } } }, 'secretsGivenOrExisting'],
    ['a database URL that is not PostgreSQL', { secret: { values: { DATABASE_URL: 'mysql://db/x' } } }, 'secretsGivenOrExisting'],
    ['S3 without its keys', { config: { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' } }, 's3Complete'],
    [
      'S3 without a bucket',
      { config: { S3_ENDPOINT: 'http://minio:9000' }, secret: { values: { S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' } } },
      's3Complete',
    ],
    ['negative replicas', { components: { 'wizard-service': { replicas: -1 } } }, '/components/wizard-service/replicas'],
    ['fractional replicas', { components: { 'wizard-service': { replicas: 1.5 } } }, '/components/wizard-service/replicas'],
    ['an unknown pull policy', { image: { pullPolicy: 'Sometimes' } }, '/image/pullPolicy'],
    [
      'an unknown pull policy of one component',
      { components: { gateway: { image: { pullPolicy: 'always' } } } },
      '/components/gateway/image/pullPolicy',
    ],
    [
      'an unknown component',
      { components: { 'mail-service': { enabled: true, protocol: 'grpc', port: 50055, replicas: 1 } } },
      'propertyNames',
    ],
    ['an unknown protocol', { components: { gateway: { protocol: 'tcp' } } }, '/components/gateway/protocol'],
    ['a port out of range', { components: { gateway: { port: 70000 } } }, '/components/gateway/port'],
    [
      'an autoscaling target over 100 %',
      { components: { gateway: { autoscaling: { targetCPUUtilizationPercentage: 150 } } } },
      'targetCPUUtilizationPercentage',
    ],
    ['autoscaling to zero pods', { components: { gateway: { autoscaling: { minReplicas: 0 } } } }, 'minReplicas'],
    [
      'a disruption budget of neither kind',
      { components: { gateway: { pdb: { enabled: true, maxUnavailable: null } } } },
      '/components/gateway/pdb',
    ],
    ['an unknown topology rule', { topologySpread: { whenUnsatisfiable: 'Sometimes' } }, '/topologySpread/whenUnsatisfiable'],
    ['a metrics port out of range', { metrics: { port: 0 } }, '/metrics/port'],
    [
      'a scrape interval Prometheus cannot read',
      { metrics: { serviceMonitor: { interval: '30 seconds' } } },
      '/metrics/serviceMonitor/interval',
    ],
    ['an unknown log level', { config: { LOG_LEVEL: 'verbose' } }, '/config/LOG_LEVEL'],
    ['a public base URL without a scheme', { config: { PUBLIC_BASE_URL: 'evalplan.example.com' } }, '/config/PUBLIC_BASE_URL'],
    ['a negative grace period', { terminationGracePeriodSeconds: -5 }, '/terminationGracePeriodSeconds'],
    ['a misspelt top-level value', { replicaCount: 3 }, 'additionalProperties'],
    ['a misspelt component value', { components: { gateway: { replica: 3 } } }, 'additionalProperties'],
    ['an unknown secret key', { secret: { values: { JWT_SECRT: 'x' } } }, 'additionalProperties'],
  ];

  it.each(WRONG)('refuses %s', (_name, over, rule) => {
    const errors = errorsOf(withDefaults(SECRETS, over));
    expect(where(errors)).toContainEqual(expect.stringContaining(rule));
  });
});

describe('the templates', () => {
  const templates = path.join(chart, 'templates');
  const files = [
    ...readdirSync(templates).filter((file) => file !== 'tests'),
    ...readdirSync(path.join(templates, 'tests')).map((file) => `tests/${file}`),
  ];
  const template = (file: string): string => readFileSync(path.join(templates, file), 'utf8');

  it('make every kind of object the chart promises', () => {
    const kinds = new Set(files.flatMap((file) => [...template(file).matchAll(/^kind: (\w+)$/gm)].map((match) => match[1])));
    expect([...kinds].sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'NetworkPolicy',
        'Pod',
        'PodDisruptionBudget',
        'Secret',
        'Service',
        'ServiceAccount',
        'ServiceMonitor',
      ].sort(),
    );
    expect(template('hpa.yaml')).toMatch(/^apiVersion: autoscaling\/v2$/m);
    expect(template('pdb.yaml')).toMatch(/^apiVersion: policy\/v1$/m);
  });

  it('a ServiceAccount without a token, used by the Deployments, whose pods spread across nodes', () => {
    expect(template('serviceaccount.yaml')).toMatch(/^automountServiceAccountToken: false$/m);
    const deployment = template('deployment.yaml');
    expect(deployment).toMatch(/serviceAccountName: \{\{ include "evalplan.serviceAccountName" \$ \}\}/);
    expect(deployment).toMatch(/^ +automountServiceAccountToken: false$/m);
    expect(deployment).toMatch(/topologySpreadConstraints:/);
    expect(defaults.topologySpread).toMatchObject({
      enabled: true,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'ScheduleAnyway',
    });
  });

  it('migrations in a pre-install/pre-upgrade Job, and services that do not migrate at start', () => {
    const job = template('migrations-job.yaml');
    expect(job).toMatch(/helm\.sh\/hook: pre-install,pre-upgrade/);
    expect(job).toMatch(/- name: COMPONENT\n\s+value: migrate/);
    expect(template('deployment.yaml')).toMatch(/- name: RUN_MIGRATIONS\n\s+value: "false"/);
    expect(defaults.migrations).toMatchObject({ enabled: true });
  });

  it('a metrics port on every pod and Service, and an optional ServiceMonitor on it', () => {
    expect(template('deployment.yaml')).toMatch(/- name: metrics\n\s+containerPort: \{\{ \$\.Values\.metrics\.port \}\}/);
    expect(template('service.yaml')).toMatch(/- name: metrics\n\s+port: \{\{ \$\.Values\.metrics\.port \}\}/);
    const monitor = template('servicemonitor.yaml');
    expect(monitor).toMatch(/^\{\{- if \.Values\.metrics\.serviceMonitor\.enabled \}\}/);
    expect(monitor).toMatch(/apiVersion: monitoring\.coreos\.com\/v1/);
    expect(monitor).toMatch(/- port: metrics/);
    expect(defaults.metrics).toMatchObject({ port: 9464, serviceMonitor: { enabled: false } });
  });

  it('NOTES.txt, and a `helm test` pod that asks the gateway for /ready', () => {
    expect(existsSync(path.join(templates, 'NOTES.txt'))).toBe(true);
    const test = template('tests/ready-test.yaml');
    expect(test).toMatch(/helm\.sh\/hook: test/);
    expect(test).toMatch(/kind: Pod/);
    expect(test).toMatch(/\/ready/);
  });

  it('pdf-service runs one pod by default: its storage is local until S3 is configured', () => {
    const pdf = (defaults.components as Record<string, { replicas: number; autoscaling: { enabled: boolean; maxReplicas: number } }>)[
      'pdf-service'
    ]!;
    expect(pdf.replicas).toBe(1);
    expect(pdf.autoscaling.enabled === false || pdf.autoscaling.maxReplicas === 1).toBe(true);
  });

  it('lets auth-service call wizard-service and activity-service (account deletion), with gRPC client settings and their targets', () => {
    const helpers = template('_helpers.tpl');
    const block = /define "evalplan\.componentNeeds" -}}\n([\s\S]*?)\{\{- end -}}/.exec(helpers)?.[1] ?? '';
    const needs = YAML.parse(block) as Record<string, { groups: string[]; calls: string[] }>;
    expect(needs['auth-service']!.calls).toEqual(expect.arrayContaining(['wizard-service', 'activity-service']));
    expect(needs['auth-service']!.groups).toContain('grpcClient');
  });
});

describe('the gateway as the defaults configure it', () => {
  /** The gateway's settings from `config` as its ConfigMap carries them: strings, empty values left out. */
  function gatewaySettingsOf(values: Values) {
    const config = Object.entries(values.config as Values).filter(([, value]) => value !== '' && value !== null);
    return loadGatewayConfig({ ...Object.fromEntries(config.map(([key, value]) => [key, String(value)])), JWT_SECRET: 'x'.repeat(40) });
  }

  it('runs in production mode with a Secure refresh cookie, also with the example production values', () => {
    expect((defaults.config as Values).NODE_ENV).toBe('production');
    expect(gatewaySettingsOf(defaults).cookieSecure).toBe(true);
    expect(gatewaySettingsOf(withDefaults(production)).cookieSecure).toBe(true);
    // The gateway's ConfigMap carries it.
    const groups = /define "evalplan\.settingGroups" -}}\n([\s\S]*?)\{\{- end -}}/.exec(read('templates/_helpers.tpl'))?.[1] ?? '';
    expect((YAML.parse(groups) as Record<string, string[]>).gateway).toContain('COOKIE_SECURE');
  });
});

describe('Gotenberg beside the chart (deploy/kubernetes/gotenberg.yaml)', () => {
  interface Manifest {
    kind: string;
    spec: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const manifests = YAML.parseAllDocuments(readFileSync(path.join(chart, '..', '..', 'kubernetes', 'gotenberg.yaml'), 'utf8')).map(
    (document) => document.toJS() as Manifest,
  );
  const ofKind = (kind: string): Manifest => manifests.find((manifest) => manifest.kind === kind)!;
  const compose = YAML.parse(readFileSync(path.join(chart, '..', '..', '..', 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: { gotenberg: { image: string; command: string[] } };
  };

  it('runs the Gotenberg of the compose file, able to load only its own page and data: URIs, with JavaScript off', () => {
    expect(manifests.map((manifest) => manifest.kind)).toEqual(['Deployment', 'Service', 'NetworkPolicy']);
    const [container] = ofKind('Deployment').spec.template.spec.containers as Array<{ image: string; args: string[] }>;
    expect(container!.image).toBe(compose.services.gotenberg.image);
    expectHardenedGotenberg(container!.args);
    expect(container!.args).toEqual(compose.services.gotenberg.command);
  });

  it("lets only the chart's pdf-service pods in, on the port pdf-service's own policy lets it reach, and nothing out", () => {
    const policy = ofKind('NetworkPolicy').spec;
    expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.egress).toEqual([]);
    const rendererPorts = (defaults.networkPolicy as { egress: { htmlRenderer: { ports: number[] } } }).egress.htmlRenderer.ports;
    expect(policy.ingress).toEqual([
      {
        from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'evalplan', 'app.kubernetes.io/component': 'pdf-service' } } }],
        ports: [{ port: rendererPorts[0], protocol: 'TCP' }],
      },
    ]);
    // The labels the chart gives pdf-service's pods (evalplan.selectorLabels).
    expect(YAML.parse(read('Chart.yaml')).name).toBe('evalplan');
    expect(read('templates/_helpers.tpl')).toMatch(/app\.kubernetes\.io\/component: \{\{ \.name \}\}/);
    expect(ofKind('Service').spec.ports).toEqual([{ name: 'http', port: rendererPorts[0], targetPort: 'http', protocol: 'TCP' }]);
  });
});

describe('the chart README', () => {
  /** Every value's path; maps of free keys (components, config, secret values, egress) by a placeholder or by each default key. */
  function leafPaths(value: unknown, prefix: string): string[] {
    const PASS_THROUGH = ['podSecurityContext', 'containerSecurityContext', 'resources', 'labels', 'annotations', 'env', 'dns', 'image'];
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) return [prefix];
    const last = prefix.split('.').pop()!;
    if (prefix !== '' && PASS_THROUGH.includes(last) && !(prefix === 'image')) return [prefix];
    return Object.entries(value).flatMap(([key, child]) => {
      const name = prefix === 'components' ? '<name>' : prefix === 'networkPolicy.egress' ? '<service>' : key;
      return leafPaths(child, prefix === '' ? name : `${prefix}.${name}`);
    });
  }

  it('documents every value', () => {
    const readme = read('README.md');
    const paths = [...new Set(leafPaths(defaults, ''))];
    expect(paths).toContain('components.<name>.autoscaling.maxReplicas');
    expect(paths).toContain('config.CORS_ALLOWED_ORIGINS');
    const missing = paths.filter((value) => !readme.includes(`\`${value}\``));
    expect(missing).toEqual([]);
  });
});
