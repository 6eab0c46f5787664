import { type Database } from '@evalplan/common/db';
import { isDependencyFailure } from '@evalplan/common/dependencies';
import { AppError } from '@evalplan/common/errors';
import { type ServiceImplementation, writeMessage } from '@evalplan/common/grpc';
import { type Logger } from '@evalplan/common/logging';
import { isPlainObject, type JsonObject, toStruct } from '@evalplan/common/typed-json';
import { jsonOf, type types } from '@evalplan/protos';
import { BatchStore } from './use-cases/batch-store';
import { parseFrontendEvent, toCopyLine } from './domain/events';
import { requestRows } from './domain/request-rows';
import { countStored } from './metrics';
import type { ActivitySpool } from './spool/activity-spool';
import type { UserData } from './use-cases/user-data';

/** An event's stored metadata (JSON text, or null for none) as an object. */
function storedMetadata(text: string | null): JsonObject {
  const value: unknown = text ? JSON.parse(text) : {};
  return isPlainObject(value) ? value : {};
}

/**
 * gRPC mapping: batches from the gateway's recorder and single client-reported events.
 * With a spool (PostgreSQL, not the embedded database), events that cannot be written
 * because PostgreSQL is unreachable go to disk and the call succeeds.
 */
export function activityHandlers(
  database: Database,
  logger: Logger,
  userData: UserData,
  spool?: ActivitySpool,
  /** Told when rows went to the spool because PostgreSQL did not answer: the dependency monitor checks at once. */
  onDependencyFailure?: () => void,
): ServiceImplementation<types.ActivityServiceHandlers> {
  const batches = new BatchStore(database, logger);
  /** Rows that could not be stored: spooled when PostgreSQL is unreachable, otherwise the failure the caller hears. */
  const spoolOrFail = async (failure: unknown, rows: () => Buffer): Promise<void> => {
    if (spool && isDependencyFailure(failure)) {
      // The call succeeds, so bindService never hears of the failure: the monitor is told here, or an outage
      // shorter than its check interval would go unlogged and unseen by readiness.
      onDependencyFailure?.();
      return spool.append(rows(), failure);
    }
    if (failure instanceof AppError) throw failure;
    logger.error({ err: failure }, 'storing activity events failed');
    throw new AppError('ACTIVITY_RECORD_FAILED');
  };
  const storeRefused = async (rows: Buffer, refusal: unknown): Promise<types.RecordBatchResponse> => {
    try {
      const stored = await batches.afterRefusal(rows, refusal);
      countStored(stored);
      return { stored };
    } catch (failure) {
      await spoolOrFail(failure, () => rows);
      return { stored: 0 };
    }
  };
  return {
    RecordBatch: async (request) => {
      // The gateway never sends an empty batch; a sender of another format (events unset) must hear so.
      if (request.events.length === 0) throw new AppError('INVALID_INPUT', 'The batch holds no events.');
      const rows = requestRows(request.events);
      // PostgreSQL known to be away, or spooled rows not replayed yet: to disk at once, behind them.
      if (spool?.active) {
        await spool.append(rows);
        return { stored: 0 };
      }
      try {
        const stored = await batches.asSent(rows);
        countStored(stored);
        return { stored };
      } catch (error) {
        return storeRefused(rows, error);
      }
    },
    RecordFrontendEvent: async (request) => {
      const row = parseFrontendEvent(jsonOf('FrontendEvent', request.event), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      const line = () => Buffer.from(toCopyLine(row), 'utf8');
      if (spool?.active) {
        await spool.append(line());
        return {};
      }
      try {
        countStored(await batches.one(row));
      } catch (error) {
        await spoolOrFail(error, line);
      }
      return {};
    },
    ExportUserEvents: async (request, call) => {
      for await (const rows of userData.export(request.userId)) {
        const events = rows.map((row) => ({
          eventType: row.event_type,
          sessionId: row.session_id ?? undefined,
          projectId: row.project_id ?? undefined,
          method: row.method,
          path: row.path,
          statusCode: row.status_code ?? undefined,
          durationMs: row.duration_ms ?? undefined,
          metadata: toStruct(storedMetadata(row.metadata_json)),
          createdAt: row.created_at_iso,
        }));
        if (!(await writeMessage(call, { events }))) return;
      }
    },
    ForgetUser: async (request) => ({ forgottenEvents: await userData.forget(request.userId) }),
  };
}
