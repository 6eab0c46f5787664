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
  /**
   * ICU's short name in US English: "UTC"; "EST", "PDT" … for US zones;
   * otherwise the offset, "GMT+1" or "GMT+5:30" (Go would print "CET", "IST").
   */
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
  ['2006', (c) => (c.year < 0 ? '-' : '') + pad(Math.abs(c.year), 4)],
  ['.000', (c) => `.${pad(c.millisecond, 3)}`],
  ['Jan', (c) => MONTHS[c.month]!.slice(0, 3)],
  ['Mon', (c) => DAYS[c.weekday]!.slice(0, 3)],
  ['MST', (c) => c.abbreviation],
  ['_2', (c) => String(c.day).padStart(2, ' ')],
  ['01', (c) => pad(c.month + 1)],
  ['02', (c) => pad(c.day)],
  ['06', (c) => pad(Math.abs(c.year) % 100)],
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

const FORMAT_OPTIONS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  era: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  timeZoneName: 'short',
};

/**
 * Zone names as the runtime spells them, by their lower-case spelling: built
 * once, so validating a name creates nothing per spelling a client sends.
 * (ICU lists "UTC" only as an alias, so it is added.)
 */
let knownZones: Map<string, string> | undefined;

function zoneByLowerCase(): Map<string, string> {
  knownZones ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone]));
  return knownZones;
}

/**
 * Formatters are costly to build (and hold native ICU memory), so there is one
 * per canonical zone for the process's life: a few hundred at most. The bound
 * is a safety net only; never a formatter per spelling a client sent.
 */
const MAX_FORMATTERS = 1_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How many formatters are kept (tests check that spellings of one zone share one). */
export function cachedFormatterCount(): number {
  return formatters.size;
}

/** The runtime's own spelling of a time zone it knows ("utc" → "UTC", "europe/berlin" → "Europe/Berlin"), else undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  const known = zoneByLowerCase().get(name.toLowerCase());
  if (known !== undefined) return known;
  // Aliases ("US/Pacific", "Etc/GMT+5", "GMT") are not listed: ICU resolves them, with a formatter that is not kept.
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const canonical = canonicalTimeZone(timeZone);
  if (canonical === undefined) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  let formatter = formatters.get(canonical);
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatter = new Intl.DateTimeFormat('en-US', { ...FORMAT_OPTIONS, timeZone: canonical });
    formatters.set(canonical, formatter);
  }
  return formatter;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  const [yearOfEra, month, day, hour, minute, second] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(
    Number,
  ) as [number, number, number, number, number, number];
  // Astronomical years, as Go counts them: 1 BC is year 0.
  const year = parts.era === 'BC' ? 1 - yearOfEra : yearOfEra;
  // Not Date.UTC: it reads years 0-99 as 1900-1999.
  const shownDate = new Date(0);
  shownDate.setUTCFullYear(year, month - 1, day);
  shownDate.setUTCHours(hour, minute, second, 0);
  const shown = shownDate.getTime();
  const utc = date.getTime() - date.getUTCMilliseconds();
  return {
    year,
    month: month - 1,
    day,
    weekday: shownDate.getUTCDay(),
    hour,
    minute,
    second,
    millisecond: date.getUTCMilliseconds(),
    offset: Math.round((shown - utc) / 60_000),
    abbreviation: parts.timeZoneName ?? timeZone,
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
