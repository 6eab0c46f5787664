import { type ActivityEventRow, isUuid, uuidv7 } from '@evalplan/common';
import type { Context, Middleware } from 'koa';
import { FILES_PREFIX, pdfOwnerOf } from '../routes/pdf-paths';
import type { ActivityRecorder } from './recorder';

/** The user-flow events of the contract, recorded instead of api_request when the request succeeded. */
export type FlowEvent =
  | 'user_registered'
  | 'user_login'
  | 'user_logout'
  | 'token_refreshed'
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

/** Only real ids: a path segment such as "create" is never an id. */
function idsOf(ctx: Context, mark: ActivityMark | undefined): { sessionId: string; projectId: string } {
  const params = (ctx.params ?? {}) as Record<string, string | undefined>;
  const file = ctx.path.startsWith(FILES_PREFIX) ? pdfOwnerOf(ctx.path) : undefined;
  const pick = (...candidates: Array<string | undefined>) => candidates.find((id) => id !== undefined && isUuid(id))?.toLowerCase() ?? '';
  return {
    sessionId: pick(mark?.sessionId, params.sessionId, file?.owner === 'sessions' ? file.id : undefined),
    projectId: pick(mark?.projectId, params.projectId, file?.owner === 'projects' ? file.id : undefined),
  };
}

/**
 * Records every request (including 404, 405, 413, OPTIONS and failures the
 * error envelope answered) once its response is decided. Runs outside the
 * error envelope so it sees the final status. Nothing here is awaited by the
 * request: identifying the user and queuing happen after the response.
 * Never records bodies, tokens or query strings.
 */
export function activityRecording(recorder: ActivityRecorder, identify: (ctx: Context) => Promise<string | undefined>): Middleware {
  return async (ctx, next) => {
    const startedAt = performance.now();
    const createdAtMs = Date.now();
    try {
      await next();
    } finally {
      const durationMs = Math.round((performance.now() - startedAt) * 1000) / 1000;
      const status = ctx.status;
      const mark = (ctx.state as ActivityState).activity;
      const knownUser = mark?.userId ?? (ctx.state as { user?: { id: string } }).user?.id;
      // Most requests carry no token: they are described without waiting for anything.
      if (knownUser !== undefined || !ctx.get('Authorization')) {
        recorder.record(describe(ctx, mark, knownUser ?? '', status, durationMs, createdAtMs));
      } else {
        void identify(ctx).then(
          (userId) => recorder.record(describe(ctx, mark, userId ?? '', status, durationMs, createdAtMs)),
          () => undefined,
        );
      }
    }
  };
}

function describe(
  ctx: Context,
  mark: ActivityMark | undefined,
  userId: string,
  status: number,
  durationMs: number,
  createdAtMs: number,
): ActivityEventRow {
  const { sessionId, projectId } = idsOf(ctx, mark);
  const user = isUuid(userId) ? userId.toLowerCase() : null;
  const stepNumber = Number((ctx.params as Record<string, string | undefined> | undefined)?.stepNumber);
  const metadata: Record<string, unknown> = {
    request_id: String(ctx.state.requestId ?? ''),
    actor_type: user ? 'user' : 'anonymous',
    user_agent: ctx.get('User-Agent').slice(0, 512),
  };
  if (Number.isInteger(stepNumber) && stepNumber >= 1 && stepNumber <= 4) metadata.step_number = stepNumber;
  return {
    // Time-ordered: the primary key index grows at its end.
    id: uuidv7(createdAtMs),
    event_type: typeOf(status, status < 400 ? mark : undefined),
    user_id: user,
    session_id: sessionId || null,
    project_id: projectId || null,
    method: ctx.method,
    // Capped like the column's other writers; a 16 KB URL must not make a batch too big to send.
    path: ctx.path.length > PATH_MAX ? ctx.path.slice(0, PATH_MAX) : ctx.path,
    status_code: status,
    duration_ms: durationMs,
    metadata,
    created_at: new Date(createdAtMs).toISOString(),
  };
}
