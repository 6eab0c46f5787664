/**
 * Docker Compose, the image and the observability files, checked by parsing
 * them (Docker cannot pull images on CI machines): pinned images, the node
 * components' healthchecks, limits and settings, each secret only where it is
 * read, the observability profile and the renderer file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from '@evalplan/gateway';
import YAML from 'yaml';
import { composeConfig, interpolate, lintCompose } from './compose-config';
import { expectHardenedGotenberg } from './hardened-renderer';

const root = path.resolve(__dirname, '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const parseYaml = (file: string) => YAML.parse(read(file), { merge: true });

interface ComposeService {
  image?: string;
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  env_file?: Array<string | { path: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  'x-no-healthcheck'?: string;
  cap_drop?: string[];
  security_opt?: string[];
  init?: boolean;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  read_only?: boolean;
  user?: string;
  ports?: string[];
  volumes?: string[];
}
type Compose = { services: Record<string, ComposeService> };

const compose = parseYaml('docker-compose.yml') as Compose;
const renderer = parseYaml('docker-compose.renderer.yml') as Compose;
const NODE_COMPONENTS = ['gateway', 'auth-service', 'wizard-service', 'pdf-service', 'activity-service'];
const METRICS_PORT = '9464';

/** Which component may hold which secret: what its src/config.ts reads (the chart's evalplan.componentNeeds says the same). */
const SECRETS_OF: Record<string, string[]> = {
  gateway: ['JWT_SECRET', 'REDIS_URL'],
  'auth-service': ['DATABASE_URL', 'JWT_SECRET', 'PASSWORD_HASH_KEY', 'REDIS_URL', 'SMTP_URL'],
  'wizard-service': ['DATABASE_URL'],
  'pdf-service': ['S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SMTP_URL'],
  'activity-service': ['DATABASE_URL'],
};
const SECRET_KEYS = [...new Set(Object.values(SECRETS_OF).flat())];

/** KEY=value lines of an env file. */
function envFile(file: string): Map<string, string> {
  const entries = read(file)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as [string, string]);
  return new Map(entries);
}

/** A tag that names a release: major.minor at least (16.10-alpine, v3.7.3, 8.21.0), or MinIO's RELEASE.<date>. */
const PINNED = /^[\w./-]+:(v?\d+\.\d+(\.\d+)?([-.][\w.-]+)?|RELEASE\.[\w-]+)$/;

describe('docker-compose.yml', () => {
  it('pins every image to a release (no latest, no major-only tag such as gotenberg:8)', () => {
    for (const file of [compose, renderer]) {
      for (const [name, service] of Object.entries(file.services)) {
        expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(PINNED) });
      }
    }
    expect('gotenberg/gotenberg:8').not.toMatch(PINNED);
    expect('redis:7-alpine').not.toMatch(PINNED);
  });

  it('builds the evalplan image tagged with the application version', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    for (const name of NODE_COMPONENTS) expect(compose.services[name]!.image).toBe(`evalplan:${version}`);
  });

  it('gives every node component a healthcheck, resource limits, the settings file, a read-only root and no profile', () => {
    for (const name of NODE_COMPONENTS) {
      const service = compose.services[name]!;
      expect(service.environment?.COMPONENT).toBe(name);
      expect(service.healthcheck?.test).toEqual(['CMD', 'node', '/app/healthcheck.js']);
      expect(service.deploy?.resources?.limits).toEqual({ cpus: expect.any(String), memory: expect.stringMatching(/^\d+[MG]$/) });
      const envFiles = (service.env_file ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.path));
      expect(envFiles[0]).toBe('deploy/compose/evalplan.env');
      expect(service.read_only).toBe(true);
      expect(service.user).toBe('node');
      expect(service.profiles).toBeUndefined();
    }
  });

  it('gives each secret only to the components that read it, never through the shared settings file', () => {
    for (const name of NODE_COMPONENTS) {
      const held = Object.keys(compose.services[name]!.environment ?? {}).filter((key) => SECRET_KEYS.includes(key));
      expect({ name, held: held.sort() }).toEqual({ name, held: [...SECRETS_OF[name]!].sort() });
    }
    const shared = envFile('deploy/compose/evalplan.env');
    expect([...shared.keys()].filter((key) => SECRET_KEYS.includes(key))).toEqual([]);
  });

  it('the settings file sets only variables the components read, CORS origins among them', () => {
    const known = read('.env.example') + read('docs/operations.md');
    const settings = envFile('deploy/compose/evalplan.env');
    for (const key of settings.keys()) expect({ key, documented: known.includes(key) }).toEqual({ key, documented: true });
    expect(settings.has('CORS_ALLOWED_ORIGINS')).toBe(true);
    expect(settings.get('OTEL_EXPORTER_PROMETHEUS_PORT')).toBe(METRICS_PORT);
    // The wiring stays in docker-compose.yml, where it wins over the file.
    for (const key of ['DATA_DIR', 'COMPONENT', 'PORT', 'AUTH_SERVICE_ADDR']) expect(settings.has(key)).toBe(false);
  });

  it('runs the gateway in production mode with a Secure refresh cookie, as its settings resolve', () => {
    const gateway = compose.services.gateway!;
    // As Compose hands them over with nothing set in the shell: ${NAME:-default} is its default; the required secret is given.
    const environment = Object.entries(gateway.environment ?? {}).map(([key, value]) => [key, value.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]);
    const env = {
      ...Object.fromEntries(envFile('deploy/compose/evalplan.env')),
      ...Object.fromEntries(environment),
      JWT_SECRET: 'x'.repeat(40),
    };
    expect(env.NODE_ENV).toBe('production');
    // No interpolated value may turn it off either.
    expect(env.COOKIE_SECURE).toBe('true');
    expect(loadGatewayConfig(env).cookieSecure).toBe(true);
  });

  it('the observability profile adds a collector, Jaeger, Prometheus and Grafana', () => {
    const profiled = Object.entries(compose.services)
      .filter(([, service]) => service.profiles?.includes('observability'))
      .map(([name, service]) => [name, service.image!.split(':')[0]]);
    expect(Object.fromEntries(profiled)).toEqual({
      'otel-collector': 'otel/opentelemetry-collector-contrib',
      jaeger: 'jaegertracing/jaeger',
      prometheus: 'prom/prometheus',
      grafana: 'grafana/grafana',
    });
    // Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT is given (e.g. the collector).
    for (const name of NODE_COMPONENTS) {
      expect(compose.services[name]!.environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    }
  });

  it('mounts the observability files that exist', () => {
    for (const name of ['otel-collector', 'prometheus', 'grafana']) {
      const sources = (compose.services[name]!.volumes ?? [])
        .map((volume) => volume.split(':')[0]!)
        .filter((source) => source.startsWith('./'));
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) expect({ source, exists: existsSync(path.join(root, source)) }).toEqual({ source, exists: true });
    }
  });
});

/** The profiles of the full stack: none (the stack) and observability. */
const PROFILES: Array<[string, string[]]> = [
  ['no profile', []],
  ['--profile observability', ['observability']],
];
/** Services whose image must start as root to hand files to its own user: no cap_drop, and the reason is in the file. */
const NEED_ROOT_CAPABILITIES = ['postgres', 'redis', 'minio'];

describe('both Compose files as `docker compose config` reads them', () => {
  const files: Array<[string, string[]]> = [
    ['docker-compose.yml', ['', 'observability']],
    ['docker-compose.renderer.yml', ['']],
  ];
  const cases = files.flatMap(([file, profiles]) => profiles.map((profile) => [file, profile] as [string, string]));

  it.each(cases)(
    '%s with profile "%s": valid against the Compose Specification, every reference there, no dclint error',
    (file, profile) => {
      const { model, problems } = composeConfig(path.join(root, file), { profiles: profile ? [profile] : [] });
      expect(problems).toEqual([]);
      expect(lintCompose(model)).toEqual([]);
    },
  );

  it('catches what compose config would refuse: a schema error, a port on every interface, a missing dependency', () => {
    const { model } = composeConfig(path.join(root, 'docker-compose.yml'));
    const broken = structuredClone(model);
    broken.services.gateway.healthcheck.intervall = '5s';
    broken.services.gateway.ports = ['8080:8080'];
    const errors = lintCompose(broken);
    expect(errors).toContainEqual(expect.stringMatching(/^invalid-schema: /));
    expect(
      lintCompose({ ...model, services: { ...model.services, gateway: { ...model.services.gateway, ports: ['8080:8080'] } } }),
    ).toEqual([
      expect.stringMatching(
        /^no-unbound-port-interfaces: Service "gateway" is exporting port "8080:8080" without specifying the interface/,
      ),
    ]);
    // A service of the stack that needs one of a profile; a volume nobody declared; an env file that is not there.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    const file = path.join(dir, 'compose.yaml');
    writeFileSync(
      file,
      YAML.stringify({
        services: {
          app: {
            image: 'app:1.0',
            depends_on: { tracing: { condition: 'service_started' } },
            volumes: ['cache:/cache'],
            env_file: ['settings.env'],
          },
          tracing: { image: 'tracing:1.0', profiles: ['observability'] },
        },
      }),
    );
    expect(composeConfig(file).problems).toEqual([
      'service app depends on tracing, which is not enabled with profiles []',
      'service app mounts volume cache, which is not declared',
      'service app needs env file settings.env, which does not exist',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('interpolates as Compose does', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(
      ['$SET', '${SET}', '${NOPE}', '${EMPTY:-d}', '${EMPTY-d}', '${NOPE-d}', '${SET:+r}', '${EMPTY+r}', '$$SET'].map((text) =>
        interpolate(text, env),
      ),
    ).toEqual(['x', 'x', '', 'd', '', 'd', 'r', 'r', '$SET']);
    expect(() => interpolate('${NOPE:-${SET}}', env)).toThrow('nested interpolation is not read here');
    expect(() => interpolate('${NOPE:?set it}', env)).toThrow('required variable NOPE is missing a value: set it');
  });

  it.each(PROFILES)('needs no variable at all (ps, logs and down work without secrets), %s', (_name, profiles) => {
    expect(() => composeConfig(path.join(root, 'docker-compose.yml'), { profiles, env: {} })).not.toThrow();
    expect(read('docker-compose.yml')).not.toMatch(/\$\{\w+:?\?/);
  });

  it('publishes every port on loopback, the gateway elsewhere only when EVALPLAN_PUBLISH_ADDRESS says so', () => {
    for (const file of ['docker-compose.yml', 'docker-compose.renderer.yml']) {
      const { model } = composeConfig(path.join(root, file), { profiles: ['observability'] });
      for (const [name, service] of Object.entries(model.services)) {
        for (const port of service.ports ?? []) expect({ name, port }).toEqual({ name, port: expect.stringMatching(/^127\.0\.0\.1:/) });
      }
    }
    const exposed = composeConfig(path.join(root, 'docker-compose.yml'), { env: { EVALPLAN_PUBLISH_ADDRESS: '0.0.0.0' } });
    expect(exposed.model.services.gateway.ports).toEqual(['0.0.0.0:8080:8080']);
  });

  it('every service has a healthcheck, or says why it has none', () => {
    for (const file of [compose, renderer]) {
      for (const [name, service] of Object.entries(file.services)) {
        const covered =
          service.healthcheck !== undefined ? 'healthcheck' : service['x-no-healthcheck'] !== undefined ? 'reason' : 'neither';
        expect({ name, covered }).toEqual({ name, covered: expect.stringMatching(/^(healthcheck|reason)$/) });
      }
    }
    // The reasons are the exceptions: one-shots and images without a client to ask with.
    expect(Object.keys(compose.services).filter((name) => compose.services[name]!['x-no-healthcheck'])).toEqual([
      'minio-init',
      'otel-collector',
      'jaeger',
    ]);
  });

  it('no service may gain privileges; all but those whose entrypoint needs root drop every capability; node runs under an init', () => {
    for (const file of [compose, renderer]) {
      for (const [name, service] of Object.entries(file.services)) {
        expect({ name, security: service.security_opt }).toEqual({ name, security: ['no-new-privileges:true'] });
        if (!NEED_ROOT_CAPABILITIES.includes(name)) expect({ name, drop: service.cap_drop }).toEqual({ name, drop: ['ALL'] });
      }
    }
    for (const name of NODE_COMPONENTS) expect({ name, init: compose.services[name]!.init }).toEqual({ name, init: true });
  });
});

describe('deploy/observability', () => {
  it('Prometheus scrapes every component on its metrics port, not its API port', () => {
    const config = parseYaml('deploy/observability/prometheus.yml') as {
      scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = config.scrape_configs.flatMap((job) => job.static_configs.flatMap((group) => group.targets));
    for (const name of NODE_COMPONENTS) expect(targets).toContain(`${name}:${METRICS_PORT}`);
    const jobs = Object.fromEntries(config.scrape_configs.map((job) => [job.job_name, job.static_configs[0]!.targets]));
    for (const name of NODE_COMPONENTS) expect(jobs[name]).toEqual([`${name}:${METRICS_PORT}`]);
  });

  it('the collector takes OTLP and sends traces to Jaeger', () => {
    const config = parseYaml('deploy/observability/otel-collector.yaml') as {
      receivers: { otlp: { protocols: Record<string, unknown> } };
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(Object.keys(config.receivers.otlp.protocols).sort()).toEqual(['grpc', 'http']);
    const { traces } = config.service.pipelines;
    expect(traces.receivers).toEqual(['otlp']);
    expect(traces.exporters.map((name) => config.exporters[name]!.endpoint)).toEqual(['jaeger:4317']);
  });

  it('Grafana is provisioned with Prometheus and Jaeger and loads the dashboard folder', () => {
    const datasources = parseYaml('deploy/observability/grafana/provisioning/datasources/datasources.yaml') as {
      datasources: Array<{ uid: string; type: string; url: string }>;
    };
    expect(datasources.datasources.map(({ uid, type, url }) => ({ uid, type, url }))).toEqual([
      { uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' },
      { uid: 'jaeger', type: 'jaeger', url: 'http://jaeger:16686' },
    ]);
    const providers = parseYaml('deploy/observability/grafana/provisioning/dashboards/dashboards.yaml') as {
      providers: Array<{ options: { path: string } }>;
    };
    const mounted = compose.services.grafana!.volumes!.find((volume) => volume.startsWith('./deploy/observability/grafana/dashboards:'));
    expect(mounted?.split(':')[1]).toBe(providers.providers[0]!.options.path);
  });
});

/** Metric names a PromQL expression uses: what is left once strings, label matchers, groupings, ranges and functions are gone. */
function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^{}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)/g, '')
    .replace(/\[[^[\]]*\]/g, '')
    .replace(/\$\w+/g, '');
  const words = stripped.match(/(?<![\w:])[a-zA-Z_:][\w:]*(?![\w:])(?=\s*(?:[(),]|$|\s|[-+*/]))/g) ?? [];
  const NOT_METRICS = new Set([
    'sum',
    'avg',
    'min',
    'max',
    'count',
    'rate',
    'irate',
    'increase',
    'histogram_quantile',
    'topk',
    'bottomk',
    'clamp_min',
    'abs',
    'delta',
    'deriv',
    'avg_over_time',
    'max_over_time',
    'min_over_time',
    'and',
    'or',
    'unless',
    'bool',
    'offset',
  ]);
  return [...new Set(words.filter((word) => !NOT_METRICS.has(word)))];
}

/** The Prometheus names docs/operations.md lists ("`x_bucket` / `_sum` / `_count`" expands to the three). */
function documentedMetrics(): Set<string> {
  const names = new Set<string>();
  for (const line of read('docs/operations.md').split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1]!.replace(/\([^()]*\)/g, '');
    let base: string | undefined;
    for (const [, token] of firstCell.matchAll(/`([a-z0-9_]+)`/g)) {
      if (token!.startsWith('_') && base) names.add(base.replace(/_[a-z0-9]+$/, '') + token);
      else if (!token!.startsWith('_')) {
        base = token!;
        names.add(token!);
      }
    }
  }
  return names;
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(read('deploy/observability/grafana/dashboards/evalplan.json')) as {
    uid: string;
    panels: Array<{ type: string; title: string; targets?: Array<{ expr: string; datasource: { uid: string } }> }>;
  };
  const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []);

  it('reads PromQL into metric names', () => {
    expect(
      metricNamesIn('histogram_quantile(0.95, sum by (le, rpc_method) (rate(rpc_server_call_duration_bucket{a="b"}[$__rate_interval])))'),
    ).toEqual(['rpc_server_call_duration_bucket']);
    expect(metricNamesIn('sum by (job) (db_client_connection_pending_requests)')).toEqual(['db_client_connection_pending_requests']);
  });

  it('queries only metrics docs/operations.md lists, on the provisioned Prometheus', () => {
    const documented = documentedMetrics();
    expect(documented.has('http_server_request_duration_count')).toBe(true);
    for (const { expr, datasource } of exprs) {
      expect(datasource.uid).toBe('prometheus');
      const unknown = metricNamesIn(expr).filter((name) => !documented.has(name));
      expect({ expr, unknown }).toEqual({ expr, unknown: [] });
    }
  });

  it('shows RED per route, gRPC per method, the activity pipeline, the PDF pool and the PostgreSQL pool', () => {
    const used = new Set(exprs.flatMap(({ expr }) => metricNamesIn(expr)));
    for (const name of [
      'http_server_request_duration_count',
      'http_server_request_duration_bucket',
      'rpc_server_call_duration_count',
      'rpc_server_call_duration_bucket',
      'evalplan_activity_events_total',
      'evalplan_activity_queue_depth',
      'evalplan_pdf_renders_total',
      'evalplan_pdf_pool_queue',
      'db_client_connection_count',
      'db_client_connection_pending_requests',
    ]) {
      expect(used).toContain(name);
    }
    const grouped = exprs.map(({ expr }) => expr).join('\n');
    expect(grouped).toMatch(/by \([^)]*http_route/);
    expect(grouped).toMatch(/by \([^)]*rpc_method/);
  });
});

describe('Gotenberg in both files', () => {
  it("lets Chromium load only its own page and data: URIs, with JavaScript and Gotenberg's URL features off", () => {
    for (const file of [compose, renderer]) expectHardenedGotenberg(file.services.gotenberg!.command ?? []);
    expect(renderer.services.gotenberg!.command).toEqual(compose.services.gotenberg!.command);
  });
});

describe('docker-compose.renderer.yml', () => {
  it('runs only Gotenberg and Mailpit, on loopback, at the tags of the full stack', () => {
    expect(Object.keys(renderer.services).sort()).toEqual(['gotenberg', 'mailpit']);
    for (const [name, service] of Object.entries(renderer.services)) {
      expect(service.image).toBe(compose.services[name]!.image);
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(renderer.services.gotenberg!.ports).toEqual(['127.0.0.1:3000:3000']);
    expect(renderer.services.mailpit!.ports).toContain('127.0.0.1:1025:1025');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('builds on a Node 24 LTS slim image pinned by version and digest, in stages, and ships no dev dependencies', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/m);
    // The image's version is one package.json's engines admit.
    const version = /^ARG NODE_IMAGE=node:(\d+)\.(\d+)/m.exec(dockerfile)!;
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toContain(`^${version[1]}.`);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^COPY --from=build \/out\/ \.\/$/m);
  });

  it('runs as a non-root user, with a HEALTHCHECK that works for every component', () => {
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^COPY --chmod=0644 deploy\/healthcheck\.js \/app\/healthcheck\.js$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["node", "\/app\/healthcheck\.js"\]$/m);
    const healthcheck = read('deploy/healthcheck.js');
    for (const name of [...NODE_COMPONENTS, 'stack', 'migrate']) expect(healthcheck).toContain(`'${name}'`);
    expect(healthcheck).not.toMatch(/require\('(?!node:)/);
  });

  it('has an entry for the migration step', () => {
    expect(read('deploy/entrypoint.sh')).toMatch(/^ +migrate\) exec node \.\/stack\/dist\/migrate\.js ;;$/m);
  });
});
