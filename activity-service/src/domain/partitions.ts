/**
 * activity_events is partitioned by calendar month in UTC (migration 004):
 * which months get a partition, what each is called, and which ones the
 * retention lets go. Dates only, no I/O.
 */

/** Partitions made ahead of time, beyond the current month: rows arriving at a month's turn always find theirs. */
export const MONTHS_AHEAD = 3;

/** The prefix every month partition's name starts with, followed by YYYY_MM. */
export const MONTH_PARTITION_PREFIX = 'activity_events_p';

/** How long activity events are kept: whole calendar months, or days. */
export interface RetentionPeriod {
  readonly months: number;
  readonly days: number;
}

/** One calendar month in UTC: [start, end). */
export interface Month {
  readonly start: Date;
  readonly end: Date;
}

const DAY_MS = 86_400_000;

/** The first instant of the UTC month `offset` months after the one `at` falls in. */
function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The UTC month `offset` months after the one `at` falls in. */
export function monthOf(at: Date, offset = 0): Month {
  return { start: monthStart(at, offset), end: monthStart(at, offset + 1) };
}

/** The months that must have a partition at `now`: the current one and MONTHS_AHEAD after it. */
export function monthsToPrepare(now: Date): Month[] {
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, offset) => monthOf(now, offset));
}

/** activity_events_pYYYY_MM: sorts by time, and names the month it holds (as migration 004 names them). */
export function partitionNameOf(month: Month): string {
  const year = String(month.start.getUTCFullYear()).padStart(4, '0');
  const monthNumber = String(month.start.getUTCMonth() + 1).padStart(2, '0');
  return `${MONTH_PARTITION_PREFIX}${year}_${monthNumber}`;
}

/**
 * `months` calendar months before `at`, on the same day and time of day; a
 * day the earlier month does not have becomes its last (31 March less one
 * month is 28 or 29 February).
 */
function monthsBefore(at: Date, months: number): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(at.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

/** Events older than this are past the retention at `now`. */
export function retentionCutoff(now: Date, retention: RetentionPeriod): Date {
  return new Date(monthsBefore(now, retention.months).getTime() - retention.days * DAY_MS);
}

const RETENTION_TEXT = /^\s*(\d{1,6})\s*(mo|y|d)\s*$/i;
/**
 * The shortest retention: a month, or as many days as the shortest month
 * has, so "1mo" and "28d" are both the least and neither is ever the longer
 * (a month back from 31 March is 28 February).
 */
const MIN_RETENTION_DAYS = 28;
/** The longest: a century. Beyond, the cutoff leaves the dates JavaScript can hold; "off" says keep everything. */
const MAX_RETENTION_MONTHS = 100 * 12;
const MAX_RETENTION_DAYS = 36_525;

/**
 * ACTIVITY_RETENTION: "13mo" (months), "2y" (years of 12 months), "400d"
 * (days), from one month (or 28 days) to 100 years; "off" keeps
 * everything. undefined when unreadable, shorter or longer.
 */
export function parseRetention(text: string): RetentionPeriod | 'off' | undefined {
  if (/^\s*off\s*$/i.test(text)) return 'off';
  const match = RETENTION_TEXT.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const period = unit === 'd' ? { months: 0, days: amount } : { months: unit === 'y' ? amount * 12 : amount, days: 0 };
  const inRange =
    unit === 'd'
      ? period.days >= MIN_RETENTION_DAYS && period.days <= MAX_RETENTION_DAYS
      : period.months >= 1 && period.months <= MAX_RETENTION_MONTHS;
  return inRange ? period : undefined;
}
