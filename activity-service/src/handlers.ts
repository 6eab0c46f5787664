import { AppError, type Logger, parseBodyJson, type Queryable, type ServiceImplementation } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { parseFrontendEvent, type RecordedEvent, type StoredEvent, toStoredEvent } from './domain/events';
import { eventsRepository } from './repositories/events';

/** Largest batch one call may carry (the gateway sends at most 500). */
const MAX_BATCH = 5000;

/** gRPC mapping: batches from the gateway's recorder and single client-reported events. */
export function activityHandlers(db: Queryable, logger: Logger): ServiceImplementation<types.ActivityServiceHandlers> {
  const store = async (events: StoredEvent[]): Promise<number> => {
    try {
      return await eventsRepository.insertMany(db, events);
    } catch (error) {
      logger.error({ err: error, events: events.length }, 'storing activity events failed');
      throw new AppError('ACTIVITY_RECORD_FAILED');
    }
  };
  return {
    RecordBatch: async (request) => {
      if (request.events.length > MAX_BATCH) throw new AppError('INVALID_INPUT', `A batch may hold at most ${MAX_BATCH} events.`);
      return { stored: await store(request.events.map((event) => toStoredEvent(event as RecordedEvent))) };
    },
    RecordFrontendEvent: async (request) => {
      const event = parseFrontendEvent(parseBodyJson(request.bodyJson), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      await store([event]);
      return {};
    },
  };
}
