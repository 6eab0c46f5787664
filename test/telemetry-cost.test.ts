import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tracesAreExported } from '@evalplan/common/telemetry';
import { ROOT, runEntry } from './helpers/process';

interface TelemetryState {
  loaded: string[];
  wrapped: Record<string, boolean>;
}

/** What the telemetry preload loaded and patched in a process started as production starts one. */
async function stateUnderPreload(env: Record<string, string>): Promise<TelemetryState> {
  const fixture = runEntry('test/fixtures/telemetry-state.js', env);
  const state = (await fixture.waitForLog((line) => 'loaded' in line)) as unknown as TelemetryState;
  expect(await fixture.exited).toBe(0);
  return state;
}

// Nothing listens there; the fixture makes no spans, so nothing is ever sent.
const ENDPOINT = 'http://127.0.0.1:9';

describe('telemetry with nothing exported', () => {
  it.each([
    ['no OTEL_* variable', {}],
    ['OTEL_SDK_DISABLED=true (with an endpoint)', { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT }],
    ['OTEL_TRACES_EXPORTER=none (with an endpoint)', { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT }],
  ])('with %s, the preload loads no SDK and no instrumentation, and patches nothing', async (_name, env) => {
    const state = await stateUnderPreload(env);
    expect(state.loaded.filter((name) => /^@opentelemetry\/(instrumentation|sdk-|auto-instrumentations)/.test(name))).toEqual([]);
    expect(Object.entries(state.wrapped).filter(([, wrapped]) => wrapped)).toEqual([]);
  });
});

describe('telemetry with an exporter', () => {
  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT }],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${ENDPOINT}/v1/traces` }],
  ])(
    'with %s, loads only the http, pg and redis instrumentations (our gRPC transport makes its own spans), and they patch their libraries',
    async (_name, env) => {
      const state = await stateUnderPreload(env);
      expect(state.loaded.filter((name) => name.startsWith('@opentelemetry/instrumentation-'))).toEqual([
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/instrumentation-pg',
        '@opentelemetry/instrumentation-redis',
      ]);
      expect(Object.entries(state.wrapped).filter(([, wrapped]) => !wrapped)).toEqual([]);
    },
  );
});

describe('tracesAreExported', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: ENDPOINT }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_SDK_DISABLED: ' TRUE ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_SDK_DISABLED: 'false' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_EXPORTER: 'none' }, false],
    // Named explicitly, OTLP goes to the SDK's default endpoint; console needs no endpoint.
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console,none' }, false],
  ])('environment %j: %s', (env, expected) => {
    expect(tracesAreExported({}, env)).toBe(expected);
  });

  it('span processors passed in count as an exporter, unless the SDK is disabled', () => {
    const processor = {} as never;
    expect(tracesAreExported({ spanProcessors: [processor] }, {})).toBe(true);
    expect(tracesAreExported({ spanProcessors: [] }, { OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT })).toBe(false);
    expect(tracesAreExported({ spanProcessors: [processor] }, { OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

describe('sampling from OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG', () => {
  /** Server spans recorded for 20 requests without a traceparent and 20 with a sampled one (in-memory exporter). */
  async function recorded(sampler: string, ratio: string): Promise<{ withoutParent: number; withSampledParent: number }> {
    const { stdout } = await promisify(execFile)(process.execPath, ['test/fixtures/sampled-requests.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: ratio },
      timeout: 30_000,
    });
    return JSON.parse(stdout) as { withoutParent: number; withSampledParent: number };
  }

  it.each([
    ['traceidratio', '0', { withoutParent: 0, withSampledParent: 0 }],
    ['traceidratio', '1', { withoutParent: 20, withSampledParent: 20 }],
    // The caller's sampling decision wins: a trace sampled upstream is recorded whole here too.
    ['parentbased_traceidratio', '0', { withoutParent: 0, withSampledParent: 20 }],
    ['parentbased_traceidratio', '1', { withoutParent: 20, withSampledParent: 20 }],
  ])('%s at %s', async (sampler, ratio, expected) => {
    expect(await recorded(sampler, ratio)).toEqual(expected);
  });
});
