/**
 * PostgreSQL's COPY text format (the default of COPY … FROM STDIN): one row a
 * line, columns separated by tabs, \N for NULL, and backslash, tab, newline
 * and carriage return written as \\, \t, \n and \r. Batches of activity
 * rows are written in it for COPY and the disk spool; they are read back only
 * to repair a batch PostgreSQL refused.
 */

const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\uFFFD' };

/**
 * One column's text. A NUL cannot travel in COPY text (PostgreSQL's text
 * types cannot hold it), so it becomes U+FFFD like everywhere else we store
 * text; half surrogate pairs become U+FFFD when the line is encoded as UTF-8.
 */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c]!) : value;
}

const UNESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * The text of one column (null for \N). Reads the escapes copyField writes
 * and COPY's other one-letter ones; a backslash before any other character
 * stands for that character. (COPY's octal and hex escapes are never written
 * here and are not read.)
 */
export function readCopyField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\([\s\S])/g, (_, next: string) => UNESCAPES[next] ?? next);
}

/** The rows of a COPY text, each as its columns' texts; a final newline ends the last row, it does not start another. */
export function readCopyRows(text: string): Array<Array<string | null>> {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  // A line ending in \r\n is read as ending in \n, as COPY does.
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line).split('\t').map(readCopyField));
}
