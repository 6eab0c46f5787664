/**
 * Go's reference-time layouts ("January 2, 2006", "2006-01-02", "Mon Jan _2
 * 15:04:05 MST 2006"), the format clients' templates already use. Dates are
 * shown in a template's time zone (an IANA name), UTC unless it names one.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A moment as a clock in one time zone shows it. */
interface WallClock {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC. */
  offset: number;
  /** "CET", "EST", or "GMT+9" where the zone has no common abbreviation in English. */
  abbreviation: string;
}

/** -07:00 style, and -0700 without the colon. */
function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${colon ? ':' : ''}${pad(absolute % 60)}`;
}

/** Longest tokens first, so "2006" wins over "2" and "January" over "Jan". */
const TOKENS: Array<[string, (c: WallClock) => string]> = [
  ['January', (c) => MONTHS[c.month]!],
  ['Monday', (c) => DAYS[c.weekday]!],
  ['Z07:00', (c) => (c.offset === 0 ? 'Z' : offsetText(c.offset, true))],
  ['-07:00', (c) => offsetText(c.offset, true)],
  ['-0700', (c) => offsetText(c.offset, false)],
  ['2006', (c) => String(c.year)],
  ['.000', (c) => `.${pad(c.millisecond, 3)}`],
  ['Jan', (c) => MONTHS[c.month]!.slice(0, 3)],
  ['Mon', (c) => DAYS[c.weekday]!.slice(0, 3)],
  ['MST', (c) => c.abbreviation],
  ['_2', (c) => String(c.day).padStart(2, ' ')],
  ['01', (c) => pad(c.month + 1)],
  ['02', (c) => pad(c.day)],
  ['06', (c) => pad(c.year % 100)],
  ['15', (c) => pad(c.hour)],
  ['03', (c) => pad(c.hour % 12 || 12)],
  ['04', (c) => pad(c.minute)],
  ['05', (c) => pad(c.second)],
  ['PM', (c) => (c.hour < 12 ? 'AM' : 'PM')],
  ['pm', (c) => (c.hour < 12 ? 'am' : 'pm')],
  ['1', (c) => String(c.month + 1)],
  ['2', (c) => String(c.day)],
  ['3', (c) => String(c.hour % 12 || 12)],
  ['4', (c) => String(c.minute)],
  ['5', (c) => String(c.second)],
];

/** Formatters are costly to build: one per zone, for the process's life (there are a few hundred zones). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The runtime's own spelling of a time zone it knows ("utc" → "UTC", "europe/berlin" → "Europe/Berlin"), else undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    return formatterFor(name).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function wallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  const [year, month, day, hour, minute, second] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(
    Number,
  ) as [number, number, number, number, number, number];
  const shown = Date.UTC(year, month - 1, day, hour, minute, second);
  const utc = date.getTime() - date.getUTCMilliseconds();
  return {
    year,
    month: month - 1,
    day,
    weekday: new Date(shown).getUTCDay(),
    hour,
    minute,
    second,
    millisecond: date.getUTCMilliseconds(),
    offset: Math.round((shown - utc) / 60_000),
    abbreviation: timeZone === 'UTC' ? 'UTC' : (parts.timeZoneName ?? timeZone),
  };
}

/** `date` in Go's `layout`, as a clock in `timeZone` shows it. */
export function formatGoDate(date: Date, layout: string, timeZone = 'UTC'): string {
  const clock = wallClock(date, timeZone);
  let out = '';
  for (let i = 0; i < layout.length;) {
    const token = TOKENS.find(([name]) => layout.startsWith(name, i));
    if (token) {
      out += token[1](clock);
      i += token[0].length;
    } else {
      out += layout[i];
      i += 1;
    }
  }
  return out;
}
