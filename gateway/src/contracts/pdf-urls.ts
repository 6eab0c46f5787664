/**
 * The contract's public PDF URLs: /files/pdfs/{sessions|projects}/<id>/<unix-nanos>.pdf
 * (docs/decisions.md, decision 4). The routes serve them; the activity recorder names
 * a download's owner from them.
 */
export const FILES_PREFIX = '/files/pdfs/';

// What is never written down of a stored PDF's path lives in common: the tracing set-up, which starts
// before the gateway's own modules, needs it too.
export { FILES_ROUTE, isFilePath } from '@evalplan/common/logging';

const OWNER = /^(sessions|projects)\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\//;

/** Whose PDF a URL or path names (the session or project id, lower case), or undefined. */
export function pdfOwnerOf(pdfUrl: string): { owner: 'sessions' | 'projects'; id: string } | undefined {
  const at = pdfUrl.indexOf(FILES_PREFIX);
  const match = at === -1 ? null : OWNER.exec(pdfUrl.slice(at + FILES_PREFIX.length));
  return match ? { owner: match[1] as 'sessions' | 'projects', id: match[2]!.toLowerCase() } : undefined;
}
