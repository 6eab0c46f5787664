/**
 * The contract's public PDF URLs: /files/pdfs/{sessions|projects}/<id>/<unix-nanos>.pdf
 * (docs/decisions.md, decision 4). The routes serve them; the activity recorder names
 * a download's owner from them.
 */
export const FILES_PREFIX = '/files/pdfs/';

/**
 * How logs, metrics and activity rows name a request for a stored PDF. Its
 * path is a capability: whoever holds it downloads the plan, without signing
 * in, for as long as the file exists. So it is never written down.
 */
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

const OWNER = /^(sessions|projects)\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\//;

/** Whose PDF a URL or path names (the session or project id, lower case), or undefined. */
export function pdfOwnerOf(pdfUrl: string): { owner: 'sessions' | 'projects'; id: string } | undefined {
  const at = pdfUrl.indexOf(FILES_PREFIX);
  const match = at === -1 ? null : OWNER.exec(pdfUrl.slice(at + FILES_PREFIX.length));
  return match ? { owner: match[1] as 'sessions' | 'projects', id: match[2]!.toLowerCase() } : undefined;
}
