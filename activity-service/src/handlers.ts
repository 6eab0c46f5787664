import { AppError, type Logger, parseBodyJson, type Queryable, type ServiceImplementation } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { isStorableJson, parseFrontendEvent, toStorableRow } from './domain/events';
import { eventsRepository } from './repositories/events';

/** The batch's rows, each made storable, for a JSON batch PostgreSQL would not take as sent. */
function checkedRows(eventsJson: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(eventsJson);
  } catch {
    throw new AppError('INVALID_INPUT', 'The batch is not valid JSON.');
  }
  if (!Array.isArray(parsed)) throw new AppError('INVALID_INPUT', 'The batch must be a JSON array.');
  return JSON.stringify(parsed.map(toStorableRow));
}

/** gRPC mapping: batches from the gateway's recorder and single client-reported events. */
export function activityHandlers(db: Queryable, logger: Logger): ServiceImplementation<types.ActivityServiceHandlers> {
  const store = async (json: string): Promise<number> => {
    try {
      return await eventsRepository.insertJson(db, json);
    } catch (error) {
      logger.error({ err: error }, 'storing activity events failed');
      throw new AppError('ACTIVITY_RECORD_FAILED');
    }
  };
  return {
    // The gateway's JSON goes in as sent (its size is bounded by the 4 MiB message cap); only when
    // PostgreSQL would refuse it, or does, is it parsed and made storable row by row.
    RecordBatch: async (request) => {
      if (isStorableJson(request.eventsJson)) {
        try {
          return { stored: await eventsRepository.insertJson(db, request.eventsJson) };
        } catch (error) {
          logger.warn({ err: error }, 'activity batch refused as sent; storing it checked row by row');
        }
      }
      return { stored: await store(checkedRows(request.eventsJson)) };
    },
    RecordFrontendEvent: async (request) => {
      const row = parseFrontendEvent(parseBodyJson(request.bodyJson), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      await store(JSON.stringify([row]));
      return {};
    },
  };
}
