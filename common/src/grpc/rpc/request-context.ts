import { AppError } from '../../errors/app-error';

/**
 * What a request carries through the components that serve it: its id, for
 * log lines and outgoing gRPC calls. Passed explicitly (the gateway's
 * ctx.state, a handler's CallContext), not through AsyncLocalStorage: what a
 * call carries is visible where it is made, and no promise hook runs for
 * the whole process (whose cost was within noise here: docs/benchmarks.md).
 */
export interface RequestContext {
  readonly requestId: string;
  /**
   * When the caller stops waiting (epoch ms), if it said: outgoing calls made
   * for this request get the time left, never more.
   */
  readonly deadline?: number;
  /** Aborted once the caller went away or its deadline passed: work for it can stop. */
  readonly signal?: AbortSignal;
}

/**
 * The time a call made for `context` may take: `wantedMs`, cut to what is
 * left of the context's deadline (0 or less: nothing is left).
 */
export function timeLeftMs(context: RequestContext | undefined, wantedMs: number): number {
  const deadline = context?.deadline;
  return deadline === undefined ? wantedMs : Math.min(wantedMs, deadline - Date.now());
}

/** The fields a log line about a request adds: its request id, when there is a request. */
export function requestFields(context: RequestContext | undefined): { request_id?: string } {
  return context === undefined ? {} : { request_id: context.requestId };
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client-supplied request id is kept only when it is short and plain. */
export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/** Stops work whose caller went away: REQUEST_CANCELLED (answered to nobody, logged as nothing). */
export function stopIfCancelled(context: RequestContext | undefined): void {
  if (context?.signal?.aborted) throw new AppError('REQUEST_CANCELLED');
}
