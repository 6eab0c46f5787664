/**
 * The gateway's activity metrics: `evalplan.activity.events` (stage
 * gateway: accepted, flushed, dropped) and `evalplan.activity.queue.depth`.
 * Observed from the recorders' own counts when metrics are read, so
 * recording an event costs nothing more than it did.
 */
import { meterOf } from '@evalplan/common/telemetry';
import type { ObservableResult } from '@opentelemetry/api';

/** What a recorder counts since it started. */
export interface RecorderCounts {
  /** Events taken into the queue. */
  readonly accepted: number;
  /** Events activity-service took. */
  readonly delivered: number;
  readonly dropped: number;
  /** Events queued or on their way. */
  readonly pending: number;
}

// Shared with activity-service's stage (activity-service/src/metrics.ts): same meter, name, kind and unit, one family.
const meter = meterOf('evalplan.activity');
const recorders = new Set<RecorderCounts>();
const outcome = (name: string) => ({ 'evalplan.activity.stage': 'gateway', 'evalplan.activity.outcome': name });
const ACCEPTED = outcome('accepted');
const FLUSHED = outcome('flushed');
const DROPPED = outcome('dropped');

meter
  .createObservableCounter('evalplan.activity.events', {
    description: 'Activity events by stage (gateway, service) and outcome.',
    unit: '{event}',
  })
  .addCallback((result: ObservableResult) => {
    // Summed over the recorders of the process (one, but tests start several gateways in one process).
    let accepted = 0;
    let flushed = 0;
    let dropped = 0;
    for (const recorder of recorders) {
      accepted += recorder.accepted;
      flushed += recorder.delivered;
      dropped += recorder.dropped;
    }
    result.observe(accepted, ACCEPTED);
    result.observe(flushed, FLUSHED);
    result.observe(dropped, DROPPED);
  });

meter
  .createObservableGauge('evalplan.activity.queue.depth', {
    description: 'Activity events the gateway holds: queued or on their way, not yet delivered.',
    unit: '{event}',
  })
  .addCallback((result: ObservableResult) => {
    let pending = 0;
    for (const recorder of recorders) pending += recorder.pending;
    result.observe(pending);
  });

/** Reports a recorder's counts until the returned function is called. */
export function observeRecorder(recorder: RecorderCounts): () => void {
  recorders.add(recorder);
  return () => recorders.delete(recorder);
}
