/**
 * Duration histograms for the hot paths (every HTTP request, gRPC call and
 * query), aggregated here in plain arrays and handed to the Prometheus
 * exporter as a MetricProducer (metrics-sdk.ts) at scrape time.
 *
 * Why not the SDK's own histogram: each `Histogram.record` there hashes its
 * attributes (keys sorted, JSON.stringify) to find its series, several µs per
 * measurement on this machine, which was most of the cost of metrics on a
 * ping (docs/benchmarks.md, "Metrics cost"). Here a caller binds a series
 * once per attribute set (the bound-instrument pattern the OTel API dropped)
 * and a record is a few additions: ~0.03 µs. What Prometheus sees is the
 * same: a cumulative explicit-bucket histogram with the same name, unit,
 * labels, buckets, sum, count, min and max.
 *
 * With metrics off nothing reads the series; recording into them costs the
 * same few additions, and the series are bounded by their callers' caches.
 */
import type { Attributes } from '@opentelemetry/api';

/** One attribute set's histogram, cumulative since it was bound. */
export interface HistogramSeries {
  readonly attributes: Attributes;
  /** Epoch ms of the first bind. */
  readonly startedAt: number;
  /** counts[i]: values ≤ boundaries[i] and > boundaries[i-1]; the last, values above every boundary. */
  readonly counts: number[];
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** A series to record into: made once per attribute set, kept by the caller. */
export interface BoundHistogram {
  record(value: number): void;
}

export interface FastHistogramOptions {
  description: string;
  unit: string;
  /** Inclusive upper bounds, ascending. */
  boundaries: number[];
}

export class FastHistogram {
  readonly series: HistogramSeries[] = [];
  /** Bound series by their attributes (sorted, as JSON): a second bind of the same set records into the first. */
  private readonly bound = new Map<string, BoundHistogram>();

  constructor(
    readonly name: string,
    readonly options: FastHistogramOptions,
  ) {}

  /** The series of `attributes`. Binding costs a lookup by the attributes' text: bind once per set and keep it. */
  bind(attributes: Attributes): BoundHistogram {
    const key = JSON.stringify(
      Object.keys(attributes)
        .sort()
        .map((name) => [name, attributes[name]]),
    );
    let bound = this.bound.get(key);
    if (!bound) {
      bound = this.newSeries(attributes);
      this.bound.set(key, bound);
    }
    return bound;
  }

  private newSeries(attributes: Attributes): BoundHistogram {
    const boundaries = this.options.boundaries;
    const series: HistogramSeries = {
      attributes,
      startedAt: Date.now(),
      counts: new Array<number>(boundaries.length + 1).fill(0),
      count: 0,
      sum: 0,
      min: Infinity,
      max: -Infinity,
    };
    this.series.push(series);
    const last = boundaries.length;
    return {
      record(value: number): void {
        let index = 0;
        while (index < last && value > boundaries[index]!) index += 1;
        series.counts[index]! += 1;
        series.count += 1;
        series.sum += value;
        if (value < series.min) series.min = value;
        if (value > series.max) series.max = value;
      },
    };
  }
}

/** Every fast histogram of the process, for the exporter (metrics-sdk.ts). */
export const fastHistograms: FastHistogram[] = [];

/** A histogram registered once by name (a second call with the same name gets the first). */
export function fastHistogram(name: string, options: FastHistogramOptions): FastHistogram {
  let histogram = fastHistograms.find((made) => made.name === name);
  if (!histogram) {
    histogram = new FastHistogram(name, options);
    fastHistograms.push(histogram);
  }
  return histogram;
}
