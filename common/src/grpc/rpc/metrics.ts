/**
 * gRPC call durations, by the semantic conventions' stable RPC metrics
 * (`rpc.server.call.duration`, `rpc.client.call.duration`, in seconds, with
 * `rpc.system.name`, `rpc.method` as `package.Service/Method` and
 * `rpc.response.status_code` as the status name). Attribute sets are made
 * once per method and status and bound: a call pays two clock reads and a
 * few additions.
 */
import { Status, statusName } from '../transport';
import { type BoundHistogram, type FastHistogram, fastHistogram } from '../../telemetry/fast-histogram';
import { DURATION_BUCKETS_S } from '../../telemetry/instruments';

// Fast histograms (../telemetry/fast-histogram.ts): a call is on every request's path.
const serverDuration = fastHistogram('rpc.server.call.duration', {
  description: 'Duration of incoming gRPC calls, as the service handled them.',
  unit: 's',
  boundaries: DURATION_BUCKETS_S,
});
const clientDuration = fastHistogram('rpc.client.call.duration', {
  description: 'Duration of outgoing unary gRPC calls, retries included.',
  unit: 's',
  boundaries: DURATION_BUCKETS_S,
});

/** Codes 0-16 are the spec's; anything else is recorded as UNKNOWN. */
const STATUS_COUNT = Object.keys(Status).length;

/** Records the durations of one method's calls. */
export class CallDurations {
  /** By status code (0-16), bound on first use: most methods only ever see a few codes. */
  private readonly byCode: Array<BoundHistogram | undefined> = [];

  /** `method` as package.Service/Method (a call's path without its leading slash). */
  constructor(
    private readonly method: string,
    private readonly histogram: FastHistogram,
  ) {}

  /** A call that began at `startedAt` (performance.now()) ended with `code`. */
  record(startedAt: number, code: number): void {
    const known = code >= 0 && code < STATUS_COUNT ? code : Status.UNKNOWN;
    const series = (this.byCode[known] ??= this.histogram.bind({
      'rpc.system.name': 'grpc',
      'rpc.method': this.method,
      'rpc.response.status_code': statusName(known),
    }));
    series.record((performance.now() - startedAt) / 1000);
  }
}

export function serverCallDurations(method: string): CallDurations {
  return new CallDurations(method, serverDuration);
}

const clientMethods = new Map<string, CallDurations>();

/** The client-side recorder of a method path (`/package.Service/Method`), made once per path. */
export function clientCallDurations(path: string): CallDurations {
  let durations = clientMethods.get(path);
  if (!durations) {
    durations = new CallDurations(path.slice(1), clientDuration);
    clientMethods.set(path, durations);
  }
  return durations;
}
