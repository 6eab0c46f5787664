/**
 * What the components' metric instruments share. Instruments come from
 * @opentelemetry/api (`metrics.getMeter`): no-ops until the preload registers
 * the SDK's MeterProvider (metrics-sdk.ts), so code that records pays next to
 * nothing when metrics are off. Names and labels: docs/operations.md.
 */
import { type Attributes, type Meter, metrics } from '@opentelemetry/api';

/** The meter of one part of the system (`evalplan.grpc`, `evalplan.gateway`, ...). */
export function meterOf(name: string): Meter {
  return metrics.getMeter(name);
}

/**
 * Bucket bounds, in seconds, of every duration histogram: the semantic
 * conventions' HTTP buckets (5 ms to 10 s) with three below them, since most
 * of our calls and queries take well under 5 ms.
 */
export const DURATION_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `2xx` for 204: the status class of an HTTP status code. */
export function statusClassOf(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/**
 * Attribute sets made once per key and reused: recording with the same
 * object saves building one per measurement. At most `limit` keys are kept
 * (a bound on a label's values, whatever the input); any further key gets
 * the attributes of `overflowKey`.
 */
export class AttributeCache<A = Attributes> {
  private readonly cache = new Map<string, A>();

  constructor(
    private readonly make: (key: string) => A,
    private readonly limit = 200,
    private readonly overflowKey = 'other',
  ) {}

  get(key: string): A {
    let attributes = this.cache.get(key);
    if (attributes === undefined) {
      attributes = this.make(this.cache.size < this.limit ? key : this.overflowKey);
      if (this.cache.size < this.limit) this.cache.set(key, attributes);
    }
    return attributes;
  }
}
