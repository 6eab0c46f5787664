import { isUuid } from '@evalplan/common/input';
import { type Logger } from '@evalplan/common/logging';
import type { Context } from 'koa';
import type { ResponseObserver } from '../middleware/response-observers';
import { FILES_ROUTE, pdfOwnerOf } from '../contracts/pdf-urls';
import { loggablePath } from '../middleware/routing';
import type { ActivityRecorder } from './recorder';
import type { RequestEvent } from './request-event';

/** The user-flow events of the contract, recorded instead of api_request when the request succeeded. */
export type FlowEvent =
  | 'user_registered'
  | 'user_login'
  | 'user_logout'
  | 'token_refreshed'
  | 'password_changed'
  | 'session_ended'
  | 'logout_all'
  | 'session_created'
  | 'session_converted'
  | 'project_created'
  | 'project_updated'
  | 'project_deleted'
  | 'wizard_step_saved'
  | 'recommendation_requested'
  | 'pdf_generated'
  | 'pdf_downloaded';

interface ActivityMark {
  type: FlowEvent;
  userId?: string;
  sessionId?: string;
  projectId?: string;
}

interface ActivityState {
  activity?: ActivityMark;
}

/**
 * Called by a route handler once its work succeeded: names the flow step and
 * any identity the path does not carry (a created session's id, the user a
 * login signed in). Applies only if the response is a success.
 */
export function markActivity(ctx: Context, type: FlowEvent, ids: Omit<ActivityMark, 'type'> = {}): void {
  (ctx.state as ActivityState).activity = { type, ...ids };
}

function typeOf(status: number, mark: ActivityMark | undefined): string {
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'api_request_failed';
  return mark?.type ?? 'api_request';
}

const PATH_MAX = 2048;
const USER_AGENT_MAX = 512;

/** Only real ids, lower-cased: a path segment such as "create" never is one. */
const asId = (candidate: string | undefined): string | undefined =>
  candidate !== undefined && isUuid(candidate) ? candidate.toLowerCase() : undefined;

/**
 * Records every request (including 404, 405, 413, OPTIONS and failures the
 * error envelope answered) once its response is decided: the outermost
 * middleware calls it (see requestId), so it sees the status the client
 * gets without a middleware layer of its own, which would cost every request
 * a few promises. Nothing here is awaited by the request, and it only builds
 * one small object: the id is made when the batch is sent, timestamps and
 * metadata by activity-service. Never records bodies, tokens, query strings
 * or a stored PDF's path (see loggablePath).
 */
export function activityObserver(
  recorder: ActivityRecorder<RequestEvent>,
  identify: (ctx: Context) => Promise<string | undefined>,
  logger: Logger,
): ResponseObserver {
  return (ctx, startedAt, status) => {
    const durationMs = Math.round((performance.now() - startedAt) * 1000) / 1000;
    // When the request arrived, on the wall clock (the monotonic clock drifts from it over long uptimes).
    const createdAtMs = Math.round(Date.now() - durationMs);
    const mark = (ctx.state as ActivityState).activity;
    // Recording must never alter a response: a fault here is logged, not thrown into Koa.
    const record = (userId: string | undefined): void => {
      try {
        recorder.record(describe(ctx, mark, userId, status, durationMs, createdAtMs));
      } catch (error) {
        logger.error({ err: error }, 'activity event not recorded');
      }
    };
    const knownUser = mark?.userId ?? (ctx.state as { user?: { id: string } }).user?.id;
    // Most requests carry no token: they are described without waiting for anything.
    if (knownUser !== undefined || ctx.headers.authorization === undefined) record(knownUser);
    else void identify(ctx).then(record, () => record(undefined));
  };
}

function describe(
  ctx: Context,
  mark: ActivityMark | undefined,
  userId: string | undefined,
  status: number,
  durationMs: number,
  createdAtMs: number,
): RequestEvent {
  const params = ctx.params as Record<string, string | undefined> | undefined;
  const path = loggablePath(ctx);
  // A file's path is recorded as FILES_ROUTE; its owner still comes from the path as sent.
  const file = path === FILES_ROUTE ? pdfOwnerOf(ctx.path) : undefined;
  const stepNumber = params?.stepNumber === undefined ? Number.NaN : Number(params.stepNumber);
  const userAgent = ctx.headers['user-agent'] ?? '';
  return {
    id: undefined,
    eventType: typeOf(status, status < 400 ? mark : undefined),
    userId: asId(userId),
    sessionId: asId(mark?.sessionId) ?? asId(params?.sessionId) ?? asId(file?.owner === 'sessions' ? file.id : undefined),
    projectId: asId(mark?.projectId) ?? asId(params?.projectId) ?? asId(file?.owner === 'projects' ? file.id : undefined),
    method: ctx.method,
    // Capped like the column's other writers; a 16 KB URL must not make a batch too big to send.
    path: path.length > PATH_MAX ? path.slice(0, PATH_MAX) : path,
    statusCode: status,
    durationMs,
    createdAtMs,
    requestId: String(ctx.state.requestId ?? ''),
    userAgent: userAgent.length > USER_AGENT_MAX ? userAgent.slice(0, USER_AGENT_MAX) : userAgent,
    stepNumber: Number.isInteger(stepNumber) && stepNumber >= 1 && stepNumber <= 4 ? stepNumber : undefined,
  };
}
