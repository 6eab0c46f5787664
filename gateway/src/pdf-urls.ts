/**
 * The contract's public PDF URLs: /files/pdfs/{sessions|projects}/<id>/<unix-nanos>.pdf
 * (DESIGN.md decision 4). The routes serve them; the activity recorder names
 * a download's owner from them.
 */
export const FILES_PREFIX = '/files/pdfs/';

const OWNER = /^(sessions|projects)\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\//;

/** The part of a PDF URL or path after /files/pdfs/, or undefined when it is not one of ours. */
export function publicPathOf(pdfUrl: string): string | undefined {
  const at = pdfUrl.indexOf(FILES_PREFIX);
  return at === -1 ? undefined : pdfUrl.slice(at + FILES_PREFIX.length);
}

/** Whose PDF a URL or path names (the session or project id, lower case), or undefined. */
export function pdfOwnerOf(pdfUrl: string): { owner: 'sessions' | 'projects'; id: string } | undefined {
  const match = OWNER.exec(publicPathOf(pdfUrl) ?? '');
  return match ? { owner: match[1] as 'sessions' | 'projects', id: match[2]!.toLowerCase() } : undefined;
}
