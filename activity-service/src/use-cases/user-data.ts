import { inBatches, type SqlExecutor } from '@evalplan/common/db';
import { AppError } from '@evalplan/common/errors';
import { isUuid } from '@evalplan/common/input';
import { type EventCursor, userEventsRepository as events, type UserEventRow } from '../repositories/user-events';

/** Events read per query, and sent per stream message. */
export const EXPORT_PAGE = 500;
/** Rows updated per statement while forgetting a user. */
const FORGET_BATCH = 5000;
/** How long a deleted user's id is remembered, so late events (a spool replayed after an outage) still lose it. */
export const FORGOTTEN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The frequent sweep looks only at users forgotten this recently (events a
 * gateway still queued arrive within seconds); every user of the retention
 * is swept, and old entries pruned, once per FULL_SWEEP_INTERVAL_MS. So the
 * every-few-seconds statement stays small however many accounts were deleted.
 */
const RECENTLY_FORGOTTEN_MS = 60 * 60 * 1000;
const FULL_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

function checkUser(userId: string): void {
  if (!isUuid(userId)) throw new AppError('INVALID_INPUT', 'The user id must be a UUID.');
}

/** One user's events: the data export, and account deletion (the events stay, without the user). */
export class UserData {
  private lastFullSweepAt = 0;

  constructor(private readonly db: SqlExecutor) {}

  /** The user's events, oldest first, one page per step: never the whole history in memory. */
  async *export(userId: string): AsyncGenerator<UserEventRow[]> {
    checkUser(userId);
    let after: EventCursor | undefined;
    do {
      const page = await events.page(this.db, userId, after, EXPORT_PAGE);
      if (page.rows.length > 0) yield page.rows;
      after = page.rows.length === EXPORT_PAGE ? page.next : undefined;
    } while (after);
  }

  /**
   * Remembered first, so events stored from now on lose the id at the next
   * sweep; then the stored ones, batch by batch. Repeating it is harmless.
   */
  async forget(userId: string): Promise<number> {
    checkUser(userId);
    await events.rememberForgotten(this.db, userId);
    return inBatches(FORGET_BATCH, (size) => events.forgetBatch(this.db, userId, size));
  }

  /** The periodic part: events of forgotten users stored since lose the id; old entries are pruned. */
  async sweep(now = Date.now()): Promise<number> {
    if (now - this.lastFullSweepAt < FULL_SWEEP_INTERVAL_MS) return events.sweepForgotten(this.db, RECENTLY_FORGOTTEN_MS);
    const swept = await events.sweepForgotten(this.db, FORGOTTEN_RETENTION_MS);
    await events.pruneForgotten(this.db, FORGOTTEN_RETENTION_MS);
    this.lastFullSweepAt = now;
    return swept;
  }
}
