import { AppError, type Database, type Logger, parseBodyJson, type ServiceImplementation } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { parseFrontendEvent, parseRequestRows } from './domain/events';
import { sqlStateOf } from './repositories/copy-in';
import { eventsRepository } from './repositories/events';

/**
 * SQLSTATE classes 22 (data exception: a value COPY cannot read) and 23
 * (integrity constraint: a missing type, an id already stored): something in
 * the batch, which the repair path deals with; anything else (an outage)
 * fails the call at once.
 */
function isRefusedValue(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}

/** gRPC mapping: batches from the gateway's recorder and single client-reported events. */
export function activityHandlers(database: Database, logger: Logger): ServiceImplementation<types.ActivityServiceHandlers> {
  const { pool } = database;
  const failed = (error: unknown): AppError => {
    logger.error({ err: error }, 'storing activity events failed');
    return new AppError('ACTIVITY_RECORD_FAILED');
  };
  const storing = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      throw failed(error);
    }
  };
  return {
    // The gateway's rows go to COPY as sent (their size is bounded by the 4 MiB message cap). Only when
    // PostgreSQL refuses them (a value it cannot read, an id already stored by an earlier try) are they read
    // here and stored row by row, made storable. Embedded PGlite cannot COPY from a client: always row by row.
    RecordBatch: async (request) => {
      const rows = request.requestRows;
      // The gateway never sends an empty batch; a sender of another format (request_rows unset) must hear so.
      if (rows.length === 0) throw new AppError('INVALID_INPUT', 'The batch holds no rows (request_rows).');
      if (database.kind === 'postgres') {
        try {
          return { stored: await eventsRepository.copyRows(pool, rows) };
        } catch (error) {
          if (!isRefusedValue(error)) throw failed(error);
          logger.warn({ err: error }, 'activity batch refused as sent; storing it row by row after checking each row');
        }
      }
      const checked = parseRequestRows(rows.toString('utf8'));
      return { stored: await storing(() => eventsRepository.insertRows(pool, checked)) };
    },
    RecordFrontendEvent: async (request) => {
      const row = parseFrontendEvent(parseBodyJson(request.bodyJson), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      await storing(() => eventsRepository.insertRows(pool, [row]));
      return {};
    },
  };
}
