import { AppError } from '@evalplan/common/errors';
import { isUuid } from '@evalplan/common/input';

/**
 * Object keys of stored PDFs (docs/decisions.md, decision 4):
 * pdfs/projects/<id>/<unix-nanos>.pdf and pdfs/sessions/<id>/<unix-nanos>.pdf.
 * The public path /files/pdfs/<rest> maps to the key pdfs/<rest> only when
 * <rest> has exactly this shape: an allow-list, so "..", encoded dots,
 * backslashes, absolute paths and NUL never reach the storage layer.
 */
export type PdfOwner = 'projects' | 'sessions';

const isOwnerKind = (owner: string): owner is PdfOwner => owner === 'projects' || owner === 'sessions';

/** The owner of a key to make or delete; INVALID_INPUT for anything that would not name one of ours. */
export function checkOwner(owner: string, id: string): PdfOwner {
  if (!isOwnerKind(owner) || !isUuid(id)) throw new AppError('INVALID_INPUT', 'Unknown PDF owner.');
  return owner;
}

/** The kind of owner whose folders to list; INVALID_INPUT for anything but "projects" and "sessions". */
export function checkOwnerKind(owner: string): PdfOwner {
  if (!isOwnerKind(owner)) throw new AppError('INVALID_INPUT', 'The owner must be "projects" or "sessions".');
  return owner;
}

const PUBLIC_PATH = /^(projects|sessions)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\d{1,25})\.pdf$/;

export function pdfKey(owner: PdfOwner, id: string, unixNanos: bigint): string {
  return `pdfs/${owner}/${id.toLowerCase()}/${unixNanos}.pdf`;
}

/** The storage key for a public path after /files/pdfs/, or undefined when it is not one of ours. */
export function keyOfPublicPath(path: string): string | undefined {
  return PUBLIC_PATH.test(path) ? `pdfs/${path}` : undefined;
}

const FILES_PATH = '/files/pdfs/';

/** The public URL of a stored PDF (key pdfs/<rest> → <base>/files/pdfs/<rest>): the one publicPathOfPdfUrl reads back. */
export function pdfUrlOf(publicBaseUrl: string, key: string): string {
  return `${publicBaseUrl}${FILES_PATH}${key.slice('pdfs/'.length)}`;
}

/** The public path (after /files/pdfs/) of a PDF URL of ours, or undefined when it is not one. */
export function publicPathOfPdfUrl(url: string): string | undefined {
  const at = url.indexOf(FILES_PATH);
  const path = at === -1 ? '' : url.slice(at + FILES_PATH.length);
  return PUBLIC_PATH.test(path) ? path : undefined;
}

/** The storage key a PDF URL of ours names, or undefined when it is not one. */
export function keyOfPdfUrl(url: string): string | undefined {
  const path = publicPathOfPdfUrl(url);
  return path === undefined ? undefined : keyOfPublicPath(path);
}

/** Whose file a PDF URL of ours names (…/files/pdfs/<owner>/<id>/<n>.pdf), or undefined when it is not one. */
export function ownerOfPdfUrl(url: string): { owner: PdfOwner; id: string } | undefined {
  const match = PUBLIC_PATH.exec(publicPathOfPdfUrl(url) ?? '');
  return match ? { owner: match[1] as PdfOwner, id: match[2]! } : undefined;
}

const KEY = /^pdfs\/(?:projects|sessions)\/[0-9a-f-]{36}\/(\d{1,25})\.pdf$/;

/** When the PDF under a key was rendered, in nanoseconds since the epoch (its file name), or undefined for another key. */
export function renderedNanosOf(key: string): bigint | undefined {
  const nanos = KEY.exec(key)?.[1];
  return nanos === undefined ? undefined : BigInt(nanos);
}

/** When the PDF under a key was rendered (its file name is the time in nanoseconds), or undefined for another key. */
export function renderedAtOf(key: string): Date | undefined {
  const nanos = renderedNanosOf(key);
  return nanos === undefined ? undefined : new Date(Number(nanos / 1_000_000n));
}

/** The prefix of every owner's folder of one kind: pdfs/projects/ or pdfs/sessions/. */
export function ownersPrefix(owner: PdfOwner): string {
  return `pdfs/${owner}/`;
}

/** The prefix of every PDF of one project or session (to delete them with it). */
export function ownerPrefix(owner: PdfOwner, id: string): string {
  return `${ownersPrefix(owner)}${id.toLowerCase()}/`;
}

let lastNanos = 0n;

/** Nanoseconds since the epoch, strictly increasing within the process: unique and sortable as a file name. */
export function unixNanos(): bigint {
  const now = BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n);
  lastNanos = now > lastNanos ? now : lastNanos + 1n;
  return lastNanos;
}
