import { AppError, type Logger, parseBodyJson, type Queryable, type ServiceImplementation } from '@evalplan/common';
import type { types } from '@evalplan/protos';
import { isStorableJson, parseFrontendEvent, toStorableRequest } from './domain/events';
import { eventsRepository } from './repositories/events';

/** The batch's requests, each made storable, for a JSON batch PostgreSQL would not take as sent. */
function checkedRequests(requestsJson: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(requestsJson);
  } catch {
    throw new AppError('INVALID_INPUT', 'The batch is not valid JSON.');
  }
  if (!Array.isArray(parsed)) throw new AppError('INVALID_INPUT', 'The batch must be a JSON array.');
  return JSON.stringify(parsed.map(toStorableRequest));
}

/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity constraint, e.g. a
 * missing type): a value in the batch PostgreSQL would not take, which the
 * repair path fixes; anything else (an outage) fails the call at once.
 */
function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** gRPC mapping: batches from the gateway's recorder and single client-reported events. */
export function activityHandlers(db: Queryable, logger: Logger): ServiceImplementation<types.ActivityServiceHandlers> {
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
    // The gateway's JSON goes in as sent (its size is bounded by the 4 MiB message cap); only when
    // PostgreSQL would refuse a value in it, or does, is it parsed and made storable request by request.
    RecordBatch: async (request) => {
      const json = request.requestsJson.toString('utf8');
      if (isStorableJson(json)) {
        try {
          return { stored: await eventsRepository.insertRequests(db, json) };
        } catch (error) {
          if (!isRefusedValue(error)) throw failed(error);
          logger.warn({ err: error }, 'activity batch refused as sent; storing it checked request by request');
        }
      }
      const checked = checkedRequests(json);
      return { stored: await storing(() => eventsRepository.insertRequests(db, checked)) };
    },
    RecordFrontendEvent: async (request) => {
      const row = parseFrontendEvent(parseBodyJson(request.bodyJson), {
        userId: request.userId,
        requestId: request.requestId,
        userAgent: request.userAgent,
      });
      await storing(() => eventsRepository.insertEvent(db, row));
      return {};
    },
  };
}
