/**
 * pdf-service's metrics: renders by kind and outcome, render duration,
 * the built-in layout's worker-pool queue, renderer errors, plan e-mails,
 * and stored files deleted by reason. A render costs a few microseconds of recording next to its
 * ~20 ms or more; attribute sets are made once.
 */
import { AppError } from '@evalplan/common/errors';
import type { RequestContext } from '@evalplan/common/grpc';
import { DURATION_BUCKETS_S, fastHistogram, meterOf } from '@evalplan/common/telemetry';
import type { Attributes, ObservableResult } from '@opentelemetry/api';

/** builtin: the layout on worker threads; template: a custom template through the HTML renderer. */
export type RenderKind = 'builtin' | 'template';
type Outcome = 'ok' | 'busy' | 'unavailable' | 'failed' | 'cancelled';

const meter = meterOf('evalplan.pdf');
const renders = meter.createCounter('evalplan.pdf.renders', {
  description: 'PDF renders by kind (builtin, template) and outcome (ok, busy, unavailable, failed, cancelled).',
  unit: '{render}',
});
// Exported with the other duration histograms (common's fast histograms), so every duration is aggregated alike.
const renderDuration = fastHistogram('evalplan.pdf.render.duration', {
  description: 'Duration of successful PDF renders (rendering only, not storing or mailing).',
  unit: 's',
  boundaries: DURATION_BUCKETS_S,
});
const rendererErrors = meter.createCounter('evalplan.pdf.renderer.errors', {
  description: 'Renders the renderer failed: the HTML renderer unreachable or refusing (unavailable), or a render that broke (failed).',
  unit: '{error}',
});
const mails = meter.createCounter('evalplan.mail.messages', {
  description: 'Plan e-mails over SMTP, by outcome (sent, failed).',
  unit: '{message}',
});

const filesDeleted = meter.createCounter('evalplan.pdf.files.deleted', {
  description:
    'Stored PDFs deleted, by reason: owner_deleted, session_expired, orphan (the sweep), retention (beyond PDF_KEEP_VERSIONS), unrecorded (a render its owner could not record).',
  unit: '{file}',
});

/** Why stored PDFs were deleted: the first three are what DeletePdfs callers say, the last two pdf-service's own. */
export const DELETION_REASONS = ['owner_deleted', 'session_expired', 'orphan', 'retention', 'unrecorded'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];
const DELETED = Object.fromEntries(
  DELETION_REASONS.map((reason): [DeletionReason, Attributes] => [reason, { 'evalplan.pdf.reason': reason }]),
) as Record<DeletionReason, Attributes>;

/** Counts stored PDFs deleted for one reason. */
export function countDeletedFiles(reason: DeletionReason, files: number): void {
  if (files > 0) filesDeleted.add(files, DELETED[reason]);
}

const KINDS: RenderKind[] = ['builtin', 'template'];
const OUTCOMES: Outcome[] = ['ok', 'busy', 'unavailable', 'failed', 'cancelled'];
const byKind = (make: (kind: RenderKind) => Attributes) =>
  Object.fromEntries(KINDS.map((kind) => [kind, make(kind)])) as Record<RenderKind, Attributes>;
const DURATION = {
  builtin: renderDuration.bind({ 'evalplan.pdf.kind': 'builtin' }),
  template: renderDuration.bind({ 'evalplan.pdf.kind': 'template' }),
};
const RENDER = Object.fromEntries(
  KINDS.map((kind) => [
    kind,
    Object.fromEntries(OUTCOMES.map((outcome) => [outcome, { 'evalplan.pdf.kind': kind, 'evalplan.pdf.outcome': outcome }])),
  ]),
) as unknown as Record<RenderKind, Record<Outcome, Attributes>>;
const RENDERER_ERROR = {
  unavailable: byKind((kind) => ({ 'evalplan.pdf.kind': kind, 'error.type': 'unavailable' })),
  failed: byKind((kind) => ({ 'evalplan.pdf.kind': kind, 'error.type': 'failed' })),
};
const MAIL_SENT = { 'evalplan.mail.outcome': 'sent' };
const MAIL_FAILED = { 'evalplan.mail.outcome': 'failed' };

/** How a render that threw ended, from the AppError the render steps throw. */
function outcomeOf(kind: RenderKind, error: unknown, context: RequestContext & { cancelled?: () => boolean }): Outcome {
  const code = error instanceof AppError ? error.code : undefined;
  if (code === 'REQUEST_CANCELLED' || context.cancelled?.() === true || context.signal?.aborted === true) return 'cancelled';
  // The built-in layout is unavailable only when its worker pool's queue is full; a template's renderer, when unreachable.
  if (code === 'PDF_RENDERER_UNAVAILABLE') return kind === 'builtin' ? 'busy' : 'unavailable';
  return 'failed';
}

/** Runs a render, counting it by kind and outcome and timing it when it succeeds. */
export async function measuredRender(kind: RenderKind, context: RequestContext, render: () => Promise<Buffer>): Promise<Buffer> {
  const startedAt = performance.now();
  try {
    const bytes = await render();
    DURATION[kind].record((performance.now() - startedAt) / 1000);
    renders.add(1, RENDER[kind].ok);
    return bytes;
  } catch (error) {
    const outcome = outcomeOf(kind, error, context);
    renders.add(1, RENDER[kind][outcome]);
    if (outcome === 'unavailable' || outcome === 'failed') rendererErrors.add(1, RENDERER_ERROR[outcome][kind]);
    throw error;
  }
}

/** Counts a plan e-mail handed to SMTP: sent, or not delivered. */
export function countMail(sent: boolean): void {
  mails.add(1, sent ? MAIL_SENT : MAIL_FAILED);
}

const pools = new Set<() => number>();
meter
  .createObservableGauge('evalplan.pdf.pool.queue', {
    description: 'Built-in layout renders waiting for a worker thread.',
    unit: '{render}',
  })
  .addCallback((result: ObservableResult) => {
    let waiting = 0;
    for (const queueSize of pools) waiting += queueSize();
    result.observe(waiting);
  });

/** Reports a worker pool's queue until the returned function is called. */
export function observeRenderQueue(queueSize: () => number): () => void {
  pools.add(queueSize);
  return () => pools.delete(queueSize);
}
