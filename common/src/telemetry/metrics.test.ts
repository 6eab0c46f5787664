import { fastHistogram } from './fast-histogram';
import { AttributeCache, statusClassOf } from './instruments';
import { DEFAULT_METRICS_PORT, metricsSettings } from './telemetry';

describe('metricsSettings', () => {
  it('serves on all interfaces at 9464 by default', () => {
    expect(metricsSettings({})).toEqual({ host: undefined, port: DEFAULT_METRICS_PORT });
    expect(DEFAULT_METRICS_PORT).toBe(9464);
    expect(metricsSettings({ OTEL_METRICS_EXPORTER: 'prometheus' })).toEqual({ host: undefined, port: 9464 });
  });

  it('takes the exporter’s standard host and port, 0 for any free port', () => {
    expect(metricsSettings({ OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1', OTEL_EXPORTER_PROMETHEUS_PORT: '9100' })).toEqual({
      host: '127.0.0.1',
      port: 9100,
    });
    expect(metricsSettings({ OTEL_EXPORTER_PROMETHEUS_PORT: '0' })?.port).toBe(0);
  });

  it('is off with OTEL_METRICS_EXPORTER=none or OTEL_SDK_DISABLED=true', () => {
    expect(metricsSettings({ OTEL_METRICS_EXPORTER: 'none' })).toBeUndefined();
    expect(metricsSettings({ OTEL_METRICS_EXPORTER: ' None ' })).toBeUndefined();
    expect(metricsSettings({ OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  it('refuses what it cannot do instead of silently serving nothing', () => {
    expect(() => metricsSettings({ OTEL_METRICS_EXPORTER: 'otlp' })).toThrow(/only "prometheus" or "none"/);
    expect(() => metricsSettings({ OTEL_EXPORTER_PROMETHEUS_PORT: 'nine' })).toThrow(/not a port/);
    expect(() => metricsSettings({ OTEL_EXPORTER_PROMETHEUS_PORT: '70000' })).toThrow(/not a port/);
  });
});

describe('fast histograms', () => {
  it('count each value in the first bucket whose bound it does not exceed, with sum, count, min and max', () => {
    const histogram = fastHistogram('test.fast.buckets', { description: '', unit: 's', boundaries: [0.1, 1, 10] });
    const series = histogram.bind({ route: '/a' });
    for (const value of [0.05, 0.1, 0.5, 1, 7, 50]) series.record(value);
    expect(histogram.series).toHaveLength(1);
    expect(histogram.series[0]).toMatchObject({ counts: [2, 2, 1, 1], count: 6, min: 0.05, max: 50 });
    expect(histogram.series[0]!.sum).toBeCloseTo(58.65);
  });

  it('bind the same attributes (in any order) to one series, and a name to one histogram', () => {
    const histogram = fastHistogram('test.fast.series', { description: '', unit: 's', boundaries: [1] });
    histogram.bind({ a: '1', b: 2 }).record(0.5);
    histogram.bind({ b: 2, a: '1' }).record(0.5);
    histogram.bind({ a: '2', b: 2 }).record(0.5);
    expect(histogram.series.map((s) => s.count)).toEqual([2, 1]);
    expect(fastHistogram('test.fast.series', { description: '', unit: 's', boundaries: [1] })).toBe(histogram);
  });
});

describe('instrument helpers', () => {
  it('names status classes', () => {
    expect([200, 204, 301, 404, 499, 503].map(statusClassOf)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx']);
    expect(statusClassOf(0)).toBe('other');
  });

  it('caches one value per key, and past its limit gives the overflow key’s', () => {
    const made: string[] = [];
    const cache = new AttributeCache((key) => (made.push(key), { key }), 2, 'other');
    expect(cache.get('a')).toBe(cache.get('a'));
    cache.get('b');
    expect(cache.get('c')).toEqual({ key: 'other' });
    expect(cache.get('d')).toEqual({ key: 'other' });
    expect(made.filter((key) => key === 'a')).toHaveLength(1);
  });
});
