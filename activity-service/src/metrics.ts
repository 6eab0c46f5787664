/**
 * activity-service's part of `evalplan.activity.events` (stage service:
 * stored, spooled, replayed, dropped). The gateway reports its own stage
 * under the same meter and instrument (the all-in-one process exports one
 * family holding both). Observed from plain counts when metrics are read:
 * storing a batch adds one number.
 */
import { meterOf } from '@evalplan/common/telemetry';
import type { ObservableResult } from '@opentelemetry/api';

/** What the disk spool counts since it opened. */
export interface SpoolCounts {
  readonly spooled: number;
  readonly replayed: number;
  readonly dropped: number;
}

const outcome = (name: string) => ({ 'evalplan.activity.stage': 'service', 'evalplan.activity.outcome': name });
const STORED = outcome('stored');
const SPOOLED = outcome('spooled');
const REPLAYED = outcome('replayed');
const DROPPED = outcome('dropped');

/** Events written to PostgreSQL (or the embedded database) as they came, by every activity-service of the process. */
let stored = 0;
const spools = new Set<() => SpoolCounts>();

/** Counts events stored as they came (not through the spool). */
export function countStored(events: number): void {
  stored += events;
}

/** Reports a spool's counts (read when metrics are) until the returned function is called. */
export function observeSpool(counts: () => SpoolCounts): () => void {
  spools.add(counts);
  return () => spools.delete(counts);
}

// Same meter, name, kind and unit as the gateway's (gateway/src/activity/metrics.ts), so one process exports one family.
meterOf('evalplan.activity')
  .createObservableCounter('evalplan.activity.events', {
    description: 'Activity events by stage (gateway, service) and outcome.',
    unit: '{event}',
  })
  .addCallback((result: ObservableResult) => {
    let spooled = 0;
    let replayed = 0;
    let dropped = 0;
    for (const countsOf of spools) {
      const spool = countsOf();
      spooled += spool.spooled;
      replayed += spool.replayed;
      dropped += spool.dropped;
    }
    result.observe(stored, STORED);
    result.observe(spooled, SPOOLED);
    result.observe(replayed, REPLAYED);
    result.observe(dropped, DROPPED);
  });
