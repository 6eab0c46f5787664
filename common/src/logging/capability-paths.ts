/*
 * The public PDF URLs (/files/pdfs/{sessions|projects}/<id>/<unix-nanos>.pdf,
 * docs/decisions.md, decision 4) are capabilities: whoever holds one
 * downloads the plan, without signing in, for as long as the file exists.
 * Logs, metrics, activity rows and trace spans name such a request by the
 * route below, never by its path.
 */

/** How logs, metrics, activity rows and trace spans name a request for a stored PDF. */
export const FILES_ROUTE = '/files/pdfs/*';

const FILES_SEGMENTS = /\/files\/pdfs\//i;
const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

/**
 * Whether a path as sent names a stored PDF, or would if a client's typo or
 * its encoding were undone: /files/pdfs/ anywhere in it, in any case,
 * percent-encoded or not. Costs one scan of an ordinary path.
 */
export function isFilePath(path: string): boolean {
  if (FILES_SEGMENTS.test(path)) return true;
  if (!path.includes('%')) return false;
  // Decoded by hand: decodeURIComponent throws on the first malformed escape, leaving the rest unread.
  return FILES_SEGMENTS.test(path.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}
