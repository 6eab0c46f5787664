/**
 * Go's reference-time layouts ("January 2, 2006", "2006-01-02", "Mon Jan _2
 * 15:04:05 MST 2006"), the format clients' templates already use. Dates are
 * shown in UTC.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Longest tokens first, so "2006" wins over "2" and "January" over "Jan". */
const TOKENS: Array<[string, (d: Date) => string]> = [
  ['January', (d) => MONTHS[d.getUTCMonth()]!],
  ['Monday', (d) => DAYS[d.getUTCDay()]!],
  ['Z07:00', () => 'Z'],
  ['-07:00', () => '+00:00'],
  ['-0700', () => '+0000'],
  ['2006', (d) => String(d.getUTCFullYear())],
  ['.000', (d) => `.${pad(d.getUTCMilliseconds(), 3)}`],
  ['Jan', (d) => MONTHS[d.getUTCMonth()]!.slice(0, 3)],
  ['Mon', (d) => DAYS[d.getUTCDay()]!.slice(0, 3)],
  ['MST', () => 'UTC'],
  ['_2', (d) => String(d.getUTCDate()).padStart(2, ' ')],
  ['01', (d) => pad(d.getUTCMonth() + 1)],
  ['02', (d) => pad(d.getUTCDate())],
  ['06', (d) => pad(d.getUTCFullYear() % 100)],
  ['15', (d) => pad(d.getUTCHours())],
  ['03', (d) => pad(d.getUTCHours() % 12 || 12)],
  ['04', (d) => pad(d.getUTCMinutes())],
  ['05', (d) => pad(d.getUTCSeconds())],
  ['PM', (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM')],
  ['pm', (d) => (d.getUTCHours() < 12 ? 'am' : 'pm')],
  ['1', (d) => String(d.getUTCMonth() + 1)],
  ['2', (d) => String(d.getUTCDate())],
  ['3', (d) => String(d.getUTCHours() % 12 || 12)],
  ['4', (d) => String(d.getUTCMinutes())],
  ['5', (d) => String(d.getUTCSeconds())],
];

export function formatGoDate(date: Date, layout: string): string {
  let out = '';
  for (let i = 0; i < layout.length;) {
    const token = TOKENS.find(([name]) => layout.startsWith(name, i));
    if (token) {
      out += token[1](date);
      i += token[0].length;
    } else {
      out += layout[i];
      i += 1;
    }
  }
  return out;
}
