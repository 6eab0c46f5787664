import { type Database, sqlStateOf } from '@evalplan/common/db';
import { type Logger } from '@evalplan/common/logging';
import type { ActivityEventRow } from '../domain/activity-row';
import { parseRequestRows } from '../domain/events';
import { eventsRepository } from '../repositories/events';

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

/**
 * How a batch of rows (COPY text, as RecordBatch makes them) is stored,
 * for RecordBatch and for the spool's replay alike. The rows go to COPY as
 * sent; only when PostgreSQL refuses them (a value it cannot read, an id
 * already stored by an earlier try) are they read here and stored row by
 * row, made storable. Split in two steps so that RecordBatch's usual case costs one
 * await, as COPY alone would.
 */
export class BatchStore {
  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** The rows as sent; resolves with the rows stored. */
  asSent(rows: Buffer): Promise<number> {
    return eventsRepository.copyRows(this.database.pool, rows);
  }

  /** After asSent failed with `error`: the repair path if the database refused a value, else `error` again. */
  async afterRefusal(rows: Buffer, error: unknown): Promise<number> {
    if (!isRefusedValue(error)) throw error;
    this.logger.warn({ err: error }, 'activity batch refused as sent; storing it row by row after checking each row');
    return this.checked(rows);
  }

  /** Both steps. */
  async store(rows: Buffer): Promise<number> {
    try {
      return await this.asSent(rows);
    } catch (error) {
      return this.afterRefusal(rows, error);
    }
  }

  /** One event already checked (a client-reported one); resolves with the rows stored (0 for an id stored before). */
  one(row: ActivityEventRow): Promise<number> {
    return eventsRepository.insertRows(this.database.pool, [row]);
  }

  private async checked(rows: Buffer): Promise<number> {
    return eventsRepository.insertRows(this.database.pool, parseRequestRows(rows.toString('utf8')));
  }
}
