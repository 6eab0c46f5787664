import { AppError, type Database, type Logger, parseBodyJson, type ServiceImplementation } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { BatchStore } from './batch-store';
import { parseFrontendEvent } from './domain/events';
import { eventsRepository } from './repositories/events';

/** gRPC mapping: batches from the gateway's recorder and single client-reported events. */
export function activityHandlers(database: Database, logger: Logger): ServiceImplementation<types.ActivityServiceHandlers> {
  const { pool } = database;
  const batches = new BatchStore(database, logger);
  /** The failure the caller hears: its own (a batch of another format), or ACTIVITY_RECORD_FAILED. */
  const fail = (failure: unknown): never => {
    if (failure instanceof AppError) throw failure;
    logger.error({ err: failure }, 'storing activity events failed');
    throw new AppError('ACTIVITY_RECORD_FAILED');
  };
  const storeRefused = async (rows: Buffer, refusal: unknown): Promise<types.RecordBatchResponse> => {
    try {
      return { stored: await batches.afterRefusal(rows, refusal) };
    } catch (failure) {
      return fail(failure);
    }
  };
  return {
    RecordBatch: async (request) => {
      const rows = request.requestRows;
      // The gateway never sends an empty batch; a sender of another format (request_rows unset) must hear so.
      if (rows.length === 0) throw new AppError('INVALID_INPUT', 'The batch holds no rows (request_rows).');
      try {
        return { stored: await batches.asSent(rows) };
      } catch (error) {
        return storeRefused(rows, error);
      }
    },
    RecordFrontendEvent: async (request) => {
      const row = parseFrontendEvent(parseBodyJson(request.bodyJson), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      try {
        await eventsRepository.insertRows(pool, [row]);
      } catch (error) {
        fail(error);
      }
      return {};
    },
  };
}
