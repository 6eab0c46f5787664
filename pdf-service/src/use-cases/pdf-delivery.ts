import { AppError } from '@evalplan/common/errors';
import { type RequestContext, requestFields } from '@evalplan/common/grpc';
import { isUuid } from '@evalplan/common/input';
import type { Logger } from '@evalplan/common/logging';
import { countDeletedFiles, type DeletionReason } from '../metrics';
import {
  checkOwner,
  checkOwnerKind,
  keyOfPdfUrl,
  keyOfPublicPath,
  ownerOfPdfUrl,
  ownerPrefix,
  ownersPrefix,
  pdfUrlOf,
  renderedAtOf,
} from '../storage/keys';
import type { PdfStore, StoredPdf } from '../storage/pdf-store';

/** The key behind a public path (after /files/pdfs/), or else behind a PDF URL of ours; undefined for anything else. */
function keyOf(publicPath: string, pdfUrl: string): string | undefined {
  return publicPath ? keyOfPublicPath(publicPath) : keyOfPdfUrl(pdfUrl);
}

/** A stored PDF as an export lists it. */
export interface ListedPdf {
  pdfUrl: string;
  /** ISO 8601. */
  createdAt: string;
  /** Bytes. */
  size: number;
}

/** Whose files: a project or session, and the sessions whose files belong to it. */
export interface OwnerFiles {
  owner: string;
  id: string;
  /** The PDF URL the owner points at: a session's one brings that session's files in too. */
  pdfUrl?: string;
  /** Projects only: the session it was converted from, whose files are the project's. */
  originSessionId?: string;
}

export interface Deletion extends OwnerFiles {
  /** Unix milliseconds: only files rendered before it go; 0 or absent for all. */
  renderedBeforeMs?: number;
  /** "owner_deleted" (also when empty), "session_expired" or "orphan". */
  reason?: string;
}

/** One page of owners with stored files. */
export interface FolderPage {
  ids: string[];
  /** Where the next page starts; empty on the last page. */
  nextAfter: string;
}

const CALLER_REASONS: ReadonlySet<string> = new Set<DeletionReason>(['owner_deleted', 'session_expired', 'orphan']);
export const DEFAULT_FOLDER_PAGE = 500;
export const MAX_FOLDER_PAGE = 1000;

/** One path segment of printable ASCII: a folder name a listing may answer, and nothing that could walk elsewhere. */
function isFolderName(name: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(name) && !name.includes('/') && !name.includes('\\') && name !== '.' && name !== '..';
}

function checkReason(reason: string): DeletionReason {
  if (reason === '') return 'owner_deleted';
  if (!CALLER_REASONS.has(reason)) throw new AppError('INVALID_INPUT', 'The reason must be owner_deleted, session_expired or orphan.');
  return reason as DeletionReason;
}

function checkRenderedBefore(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new AppError('INVALID_INPUT', 'rendered_before_ms must be a time in Unix milliseconds, or 0.');
  return ms;
}

/** Stored PDFs: read them back, list them; delete them with their owner, or one its owner could not record. */
export class PdfDelivery {
  constructor(
    private readonly store: PdfStore,
    /** The base of the public URLs listed (as RenderPlan makes them). */
    private readonly publicBaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** The stored PDF behind a public path or PDF URL; PDF_NOT_FOUND for anything that is not one of our keys. */
  async read(publicPath: string, pdfUrl = ''): Promise<StoredPdf> {
    const key = keyOf(publicPath, pdfUrl);
    const stored = key === undefined ? undefined : await this.store.get(key);
    if (!stored) throw new AppError('PDF_NOT_FOUND');
    return stored;
  }

  /**
   * Every PDF of a project or session, with its origin session's and the
   * session's its PDF URL points into (a converted project), so no public URL
   * of the owner outlives it; with `renderedBeforeMs`, only those rendered
   * before then. Answers how many files went. Everything is checked before
   * anything is deleted.
   */
  async deleteAll(deletion: Deletion, context?: RequestContext): Promise<number> {
    const prefixes = this.prefixesOf(deletion);
    const reason = checkReason(deletion.reason ?? '');
    const renderedBeforeMs = checkRenderedBefore(deletion.renderedBeforeMs ?? 0);
    let deleted = 0;
    for (const prefix of prefixes) {
      const gone =
        renderedBeforeMs === 0 ? await this.store.deletePrefix(prefix) : await this.deleteRenderedBefore(prefix, renderedBeforeMs);
      deleted += gone;
    }
    countDeletedFiles(reason, deleted);
    if (deleted > 0) {
      const { owner, id, originSessionId } = deletion;
      this.logger.info(
        { reason, owner, id, ...(originSessionId ? { origin_session_id: originSessionId } : {}), deleted, ...requestFields(context) },
        'stored PDFs deleted',
      );
    }
    return deleted;
  }

  /** File by file: a younger file in the same folder stays. */
  private async deleteRenderedBefore(prefix: string, renderedBeforeMs: number): Promise<number> {
    const keys = (await this.store.list(prefix))
      .map((object) => object.key)
      .filter((key) => (renderedAtOf(key)?.getTime() ?? Infinity) < renderedBeforeMs);
    await this.store.deleteKeys(keys);
    return keys.length;
  }

  /** The PDFs deleteAll would delete, oldest first, with their public URLs, render times and sizes. */
  async list(files: OwnerFiles): Promise<ListedPdf[]> {
    const listed: Array<{ key: string; at: Date; size: number }> = [];
    for (const prefix of this.prefixesOf(files)) {
      for (const { key, size } of await this.store.list(prefix)) {
        const at = renderedAtOf(key);
        if (at) listed.push({ key, at, size });
      }
    }
    listed.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
    return listed.map(({ key, at, size }) => ({ pdfUrl: pdfUrlOf(this.publicBaseUrl, key), createdAt: at.toISOString(), size }));
  }

  /**
   * The owners of one kind that have stored files, in key order, one page at
   * a time: the orphan sweep asks which of them still exist. `nextAfter` is
   * the last folder the store listed, whatever its name, so folders that are
   * not ours (left out of `ids`) can neither end the paging nor repeat it.
   */
  async listFolders(owner: string, after: string, limit: number): Promise<FolderPage> {
    const kind = checkOwnerKind(owner);
    if (after !== '' && !isFolderName(after)) throw new AppError('INVALID_INPUT', 'after must be empty or a folder name.');
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_FOLDER_PAGE) {
      throw new AppError('INVALID_INPUT', `limit must be from 1 to ${MAX_FOLDER_PAGE} (0 for ${DEFAULT_FOLDER_PAGE}).`);
    }
    const pageSize = limit || DEFAULT_FOLDER_PAGE;
    // One more than a page says whether another page follows.
    const folders = await this.store.listFolders(ownersPrefix(kind), after, pageSize + 1);
    const page = folders.slice(0, pageSize);
    // Only our own folders (named by owner id): anything else in the bucket is not the sweep's business.
    return { ids: page.filter(isUuid), nextAfter: folders.length > pageSize ? page.at(-1)! : '' };
  }

  /** The owner's folder, its origin session's, and a converted session's one when `pdfUrl` points into it. */
  private prefixesOf({ owner, id, pdfUrl = '', originSessionId = '' }: OwnerFiles): string[] {
    const prefixes = new Set([ownerPrefix(checkOwner(owner, id), id)]);
    if (originSessionId !== '') {
      if (owner !== 'projects') throw new AppError('INVALID_INPUT', 'Only a project has an origin session.');
      if (!isUuid(originSessionId)) throw new AppError('INVALID_INPUT', 'origin_session_id must be a session id.');
      prefixes.add(ownerPrefix('sessions', originSessionId));
    }
    const carried = ownerOfPdfUrl(pdfUrl);
    if (carried?.owner === 'sessions') prefixes.add(ownerPrefix(carried.owner, carried.id));
    return [...prefixes];
  }

  /** The one file behind a PDF URL of ours (one its owner could not record); anything else is INVALID_INPUT. */
  async deleteOne(pdfUrl: string): Promise<void> {
    const key = keyOf('', pdfUrl);
    if (key === undefined) throw new AppError('INVALID_INPUT', 'Not a PDF URL of this service.');
    if (await this.store.delete(key)) countDeletedFiles('unrecorded', 1);
  }
}
